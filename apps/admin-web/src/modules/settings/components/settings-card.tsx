import type { ReactNode } from 'react';
import type { SettingsTarget } from '../../../api';
import { Alert, Card, Skeleton } from '../../../ui';
import { useSettings } from '../hooks/use-settings';
import type { SettingField } from '../settings-fields';
import { SettingsForm } from './settings-form';

export interface SettingsCardProps {
  title: string;
  target: SettingsTarget;
  fields: SettingField[];
  readOnly: boolean;
  aside?: ReactNode;
}

/** One kind of settings in a card: read from the server, then its form (fresh on every new version). */
export function SettingsCard({ title, target, fields, readOnly, aside }: SettingsCardProps) {
  const settings = useSettings(target);
  return (
    <Card title={title} aside={aside}>
      {settings.isPending ? (
        <Skeleton />
      ) : settings.isError ? (
        <Alert tone="error" title={`${title} could not be read`}>
          {settings.error.message}
        </Alert>
      ) : settings.data ? (
        <SettingsForm
          key={settings.data.etag ?? ''}
          title={title}
          target={target}
          fields={fields}
          values={settings.data.body}
          etag={settings.data.etag}
          readOnly={readOnly}
        />
      ) : null}
    </Card>
  );
}
