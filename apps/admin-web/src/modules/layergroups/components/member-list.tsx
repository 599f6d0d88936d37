import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getLayer,
  memberStyleKey,
  parseLayerName,
  qualifiedStyleName,
  queryKeys,
  type GroupMember,
  type Layer,
  type RestError,
  type StyleRef,
} from '../../../api';
import { Badge, Button, SelectField } from '../../../ui';
import { useRestClient } from '../../auth';

export interface MemberListProps {
  members: GroupMember[];
  /** What may be added: layers (`ws:name`) and groups (`ws:name` or a global group's name). */
  choices: { layers: string[]; groups: string[] };
  /** Null for a reader: the list is shown, not edited. */
  onChange: ((members: GroupMember[]) => void) | null;
}

/** The styles a layer member may be drawn with: its default, then its other styles. */
function useLayerStyles(member: GroupMember) {
  const client = useRestClient();
  const ref = parseLayerName(member.name);
  return useQuery<Layer, RestError>({
    queryKey: queryKeys.layer(ref),
    enabled: member.type === 'layer',
    queryFn: ({ signal }) => getLayer(client, ref, signal),
  });
}

function MemberStyle({ member, index, onPick }: { member: GroupMember; index: number; onPick: ((style: StyleRef | null) => void) | null }) {
  const layer = useLayerStyles(member);
  const offered: StyleRef[] = [];
  for (const s of [layer.data?.defaultStyle, ...(layer.data?.styles ?? []), member.style]) {
    if (s && !offered.some((o) => qualifiedStyleName(o) === qualifiedStyleName(s))) offered.push(s);
  }
  const fallback = layer.data?.defaultStyle ? `Its default (${qualifiedStyleName(layer.data.defaultStyle)})` : 'Its default';
  return (
    <SelectField
      label={`Style of member ${index + 1}`}
      className="group-members__style"
      value={memberStyleKey(member.style)}
      disabled={!onPick || member.type !== 'layer'}
      onChange={(event) => onPick?.(offered.find((s) => qualifiedStyleName(s) === event.target.value) ?? null)}
    >
      <option value="">{fallback}</option>
      {offered.map((s) => (
        <option key={qualifiedStyleName(s)} value={qualifiedStyleName(s)}>
          {qualifiedStyleName(s)}
        </option>
      ))}
    </SelectField>
  );
}

/** A group's members in drawing order (the first is drawn first, under the others), each with its style. */
export function MemberList({ members, choices, onChange }: MemberListProps) {
  const [adding, setAdding] = useState('');
  const move = (from: number, to: number) => {
    const next = [...members];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange?.(next);
  };
  const add = () => {
    const [type, name] = [adding.slice(0, adding.indexOf(' ')), adding.slice(adding.indexOf(' ') + 1)];
    if (!name) return;
    onChange?.([...members, { type: type === 'layerGroup' ? 'layerGroup' : 'layer', name, style: null }]);
    setAdding('');
  };
  return (
    <div className="group-members">
      {members.length === 0 ? (
        <p className="group-members__empty">No members yet: a group needs at least one layer or group.</p>
      ) : (
        <ol className="group-members__list" aria-label="Members">
          {members.map((member, i) => (
            <li key={`${member.type} ${member.name} ${i}`} className="group-members__item">
              <span className="group-members__name">
                <Badge>{member.type === 'layer' ? 'Layer' : 'Group'}</Badge> {member.name}
              </span>
              <MemberStyle member={member} index={i} onPick={onChange && ((style) => onChange(members.map((m, j) => (j === i ? { ...m, style } : m))))} />
              {onChange && (
                <span className="group-members__actions">
                  <Button small variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${member.name} up`}>
                    Up
                  </Button>
                  <Button small variant="ghost" disabled={i === members.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${member.name} down`}>
                    Down
                  </Button>
                  <Button small variant="ghost" onClick={() => onChange(members.filter((_, j) => j !== i))} aria-label={`Remove ${member.name}`}>
                    Remove
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {onChange && (
        <div className="group-members__add">
          <SelectField label="Add a member" value={adding} onChange={(event) => setAdding(event.target.value)}>
            <option value="">Choose a layer or a group…</option>
            <optgroup label="Layers">
              {choices.layers.map((name) => (
                <option key={`layer ${name}`} value={`layer ${name}`}>
                  {name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Layer groups">
              {choices.groups.map((name) => (
                <option key={`layerGroup ${name}`} value={`layerGroup ${name}`}>
                  {name}
                </option>
              ))}
            </optgroup>
          </SelectField>
          <Button onClick={add} disabled={!adding}>
            Add member
          </Button>
        </div>
      )}
    </div>
  );
}
