import { qualifiedStyleName, type StyleRef } from '../../api';

/** The editor of a style: `/styles/{name}` for a global style, `/styles/{ws}/{name}` for a workspace's. */
export const styleEditorPath = (ref: StyleRef): string =>
  `/styles/${ref.workspace ? `${encodeURIComponent(ref.workspace)}/` : ''}${encodeURIComponent(ref.name)}`;

export const styleKey = qualifiedStyleName;
