import { Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseLayerName, qualifiedLayerName, qualifiedStyleName, sameStyle, type StyleRef } from '../../../api';
import { Alert, Button, EmptyState, LinkButton, SelectField, Skeleton, Spinner, SuccessIcon, useToast } from '../../../ui';
import { previewPath, useLayer, useLayerList, useUpdateLayer } from '../../layers';
import { StylePreview } from '../../preview';

/**
 * Choose a layer (`?layer=`) and see it drawn with the editor's text; make the style its default
 * (for a user who may write).
 */
export function StylePreviewPanel({ styleRef, text, dirty, canWrite }: { styleRef: StyleRef; text: string; dirty: boolean; canWrite: boolean }) {
  const [params, setParams] = useSearchParams();
  const layers = useLayerList();
  const toast = useToast();
  const update = useUpdateLayer();
  const choices = useMemo(
    () =>
      (layers.data ?? [])
        .filter((layer) => !styleRef.workspace || layer.workspace === styleRef.workspace)
        .map(qualifiedLayerName)
        .sort(),
    [layers.data, styleRef.workspace],
  );
  const requested = params.get('layer');
  const chosen = requested && choices.includes(requested) ? requested : (choices[0] ?? null);
  const layerRef = chosen ? parseLayerName(chosen) : null;
  const layer = useLayer(layerRef);
  const isDefault = sameStyle(layer.data?.defaultStyle, styleRef);

  if (layers.isPending) return <Skeleton width="60%" />;
  if (layers.error) return <Alert tone="error">{layers.error.message}</Alert>;
  if (choices.length === 0) {
    return (
      <EmptyState title="No layer to preview on" action={<LinkButton to="/layers/publish">Publish a table</LinkButton>}>
        {styleRef.workspace ? `Publish a table in workspace ${styleRef.workspace} to see the style drawn.` : 'Publish a table to see the style drawn.'}
      </EmptyState>
    );
  }
  return (
    <div className="style-editor__stack">
      <SelectField
        label="Draw on layer"
        value={chosen ?? ''}
        onChange={(event) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('layer', event.target.value);
              return next;
            },
            { replace: true },
          )
        }
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </SelectField>
      {layerRef && (
        <Suspense
          fallback={
            <div className="style-editor__map-loading">
              <Spinner label="Loading the map" />
            </div>
          }
        >
          <StylePreview layer={layerRef} sld={text} />
        </Suspense>
      )}
      {layerRef && layer.data && (
        <div className="style-editor__default">
          {isDefault ? (
            <p className="style-editor__ok">
              <SuccessIcon size={16} /> Default style of {chosen}.{' '}
              <LinkButton small variant="ghost" to={previewPath(layerRef)}>
                Open the layer preview
              </LinkButton>
            </p>
          ) : (
            canWrite && (
              <>
                <Button
                  busy={update.isPending}
                  disabled={dirty}
                  onClick={() =>
                    update.mutate(
                      { ref: layerRef, patch: { defaultStyle: styleRef } },
                      {
                        onSuccess: () => toast.success(`${qualifiedStyleName(styleRef)} is now the default style of ${chosen}.`),
                        onError: (error) => toast.error(`The default style was not changed: ${error.message}`),
                      },
                    )
                  }
                >
                  Make it the default style of {chosen}
                </Button>
                {dirty && <span className="style-editor__note">Save first: layers use the saved style.</span>}
              </>
            )
          )}
        </div>
      )}
    </div>
  );
}
