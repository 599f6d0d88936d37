import { useEffect, useState } from 'react';
import type { FeatureType } from '../../../api';
import { Alert, Button, Card, Skeleton, useToast } from '../../../ui';
import { checkFilter, problemOfRefusal } from '../cql-check';
import { useFeatureMatches, useUpdateFeatureTypeFilter } from '../hooks/use-feature-filter';
import { CqlFilterField } from './cql-filter-field';

export interface FeatureFilterCardProps {
  /** `ws:layer`, the collection the counts ask. */
  collectionId: string;
  featureType: FeatureType;
  /** The feature type's REST path (the layer's `resource` link). */
  path: string;
  /** False: the filter is shown, not edited. */
  canWrite: boolean;
  /** False for a disabled layer: the feature API serves nothing to count. */
  countable: boolean;
}

/** How long typing must pause before a draft filter is counted. */
const COUNT_AFTER_MS = 400;

/**
 * The feature type's `cqlFilter` (the rows every read of the layer is restricted to): edited with
 * the parser the server reads it with (ECQL; a problem shown at its position, Save blocked), with
 * how many features pass. The count is of the saved filter; a draft is counted too while no filter
 * is saved (a draft's count under a saved filter would be of the rows both select).
 */
export function FeatureFilterCard({ collectionId, featureType, path, canWrite, countable }: FeatureFilterCardProps) {
  const saved = featureType.cqlFilter ?? '';
  const [draft, setDraft] = useState(saved);
  const [refusal, setRefusal] = useState<Error | null>(null);
  const [counted, setCounted] = useState(saved);
  const update = useUpdateFeatureTypeFilter(collectionId);
  const toast = useToast();
  useEffect(() => setDraft(saved), [saved]);
  const problem = checkFilter(draft, 'ecql-text') ?? (refusal ? problemOfRefusal(refusal) : null);
  const dirty = draft.trim() !== saved.trim();
  const countDraft = !saved.trim() && dirty && !problem;
  useEffect(() => {
    const timer = setTimeout(() => setCounted(countDraft ? draft : ''), COUNT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [countDraft, draft]);
  const matches = useFeatureMatches(collectionId, counted, countable);

  return (
    <Card title="Published features" className="layer-page__wide">
      <form
        className="layer-page__filter"
        onSubmit={(event) => {
          event.preventDefault();
          if (problem || !dirty) return;
          update.mutate(
            { path, cqlFilter: draft.trim() },
            {
              onSuccess: () => toast.success(draft.trim() ? `Filter of ${collectionId} saved.` : `${collectionId} publishes every row again.`),
              onError: (error) => setRefusal(error),
            },
          );
        }}
      >
        <CqlFilterField
          label="Filter (cqlFilter, ECQL)"
          value={draft}
          readOnly={!canWrite}
          rows={2}
          placeholder="Every row of the table (no filter)"
          problem={problem}
          hint="Only the rows it selects are published, by every service: features, tiles and WMS. It may name any column of the table."
          onChange={(value) => {
            setDraft(value);
            setRefusal(null);
          }}
        />
        <p className="layer-page__matches" role="status">
          {!countable ? (
            'The layer is disabled: nothing is published to count.'
          ) : matches.error ? (
            <Alert tone="error">Could not count the features: {matches.error.message}</Alert>
          ) : matches.data === undefined ? (
            <Skeleton width="30%" />
          ) : (
            `${matches.data.toLocaleString('en')} ${matches.data === 1 ? 'feature passes' : 'features pass'} ${counted ? 'this draft' : saved ? 'the saved filter' : '(no filter)'}`
          )}
          {dirty && saved.trim() && !problem && ' · save to count the new filter'}
        </p>
        {canWrite && (
          <div>
            <Button type="submit" variant="primary" disabled={!dirty || !!problem} busy={update.isPending}>
              Save filter
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
