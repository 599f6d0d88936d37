import { Done, RawContent } from '../rest/rest-response';

/**
 * The answer to a delete that also deleted records it left empty (contract §10: a group left with
 * no member is deleted, and the answer says so): 200 with one sentence per record, as text;
 * otherwise the usual empty 200.
 */
export function deleteAnswer(notes: string[]): Done | RawContent {
  if (!notes.length) return new Done();
  return new RawContent('text/plain; charset=utf-8', Buffer.from(notes.join('\n'), 'utf8'));
}
