import { doc, jsonValue, link, LINK_FIELD, list, obj, Rep, RepDocument } from '@geocatalog/catalog-model';
import { LinkBuilder } from '../rest/rest-request';
import type { Change } from './change-drawer';

/** One change: its fields in the contract's order, a link to itself last. */
function changeRep(c: Change, links: LinkBuilder): Rep {
  return obj([
    ['seq', Number(c.seq)],
    ['time', new Date(c.time).toISOString()],
    ['user', c.user ?? undefined],
    ['operation', c.operation],
    ['kind', c.kind],
    ['resource', c.resource ?? undefined],
    ['request', c.request ?? undefined],
    ['before', jsonValue(c.before ?? null)],
    ['after', jsonValue(c.after ?? null)],
    [LINK_FIELD, link(links.href('changes', c.seq), links.objectType)],
  ]);
}

/** `<change>` / `{"change":{…}}`. */
export function changeDocument(c: Change, links: LinkBuilder): RepDocument {
  return doc('change', changeRep(c, links));
}

/**
 * `<changes><change>…</change>…<next>…</next></changes>` or `{"changes":{"change":[…],"next":"…"}}`:
 * newest first; `next` (when there may be more) is the URL of the following, older page.
 */
export function changeList(changes: Change[], next: string | undefined, links: LinkBuilder): RepDocument {
  const items = changes.map((c) => changeRep(c, links));
  if (links.format === 'json')
    return doc(
      'changes',
      obj([
        ['change', list('change', items, { bareJson: true })],
        ['next', next],
      ]),
    );
  return doc('changes', obj([...items.map((i): [string, Rep] => ['change', i]), ['next', next ? link(next, links.objectType) : undefined]]));
}
