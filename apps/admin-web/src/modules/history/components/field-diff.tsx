import { Badge, Table } from '../../../ui';
import { diffRepresentations } from '../representation-diff';
import './diff.css';

const CHANGE_LABEL = { added: 'added', removed: 'removed', changed: 'changed' } as const;
const CHANGE_TONE = { added: 'success', removed: 'danger', changed: 'info' } as const;

/** Two JSON representations of one record, field by field: what was added, removed or changed. */
export function FieldDiff({ before, after, caption }: { before: unknown; after: unknown; caption: string }) {
  const { changes, unchanged } = diffRepresentations(before, after);
  if (changes.length === 0) return <p className="diff__note">No field differs{unchanged ? ` (${unchanged} fields compared)` : ''}.</p>;
  return (
    <div className="diff">
      <Table caption={caption} className="diff__fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Change</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((field) => (
            <tr key={field.path} className={`diff__row diff__row--${field.change}`}>
              <th scope="row">
                <code>{field.path}</code>
              </th>
              <td>
                <Badge tone={CHANGE_TONE[field.change]}>{CHANGE_LABEL[field.change]}</Badge>
              </td>
              <td className="diff__value diff__value--before">
                {field.before === null ? <span className="table__muted">—</span> : <code>{field.before}</code>}
              </td>
              <td className="diff__value diff__value--after">{field.after === null ? <span className="table__muted">—</span> : <code>{field.after}</code>}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {unchanged > 0 && <p className="diff__note">{unchanged === 1 ? '1 other field is the same.' : `${unchanged} other fields are the same.`}</p>}
    </div>
  );
}
