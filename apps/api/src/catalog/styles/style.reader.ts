import { BodyNode, child, textOf } from '../../rest/body-node';

/** Fields of a `<style>` record body. */
export interface StyleInput {
  name?: string;
  filename?: string;
  format?: string;
  languageVersion?: string;
}

/** Reads a style record; `languageVersion` may be `<version>` inside it or plain text. */
export function readStyle(node: BodyNode): StyleInput {
  const lv = child(node, 'languageVersion');
  return {
    name: textOf(node, 'name')?.trim(),
    filename: textOf(node, 'filename')?.trim() || textOf(node, 'fileName')?.trim(),
    format: textOf(node, 'format')?.trim().toLowerCase() || undefined,
    languageVersion: lv ? lv.text?.trim() || textOf(lv, 'version')?.trim() : undefined,
  };
}
