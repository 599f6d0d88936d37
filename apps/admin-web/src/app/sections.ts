/**
 * Sections of the console, in menu order; each new feature module adds its page here. An
 * `adminOnly` section is left out of a non-administrator's menu, and its page shows them why it
 * is not there (router.tsx): the server answers its endpoints with 403 to anyone else.
 */
export interface Section {
  to: string;
  label: string;
  adminOnly?: boolean;
}

export const SECTIONS: ReadonlyArray<Section> = [
  { to: '/workspaces', label: 'Workspaces' },
  { to: '/stores', label: 'Data stores' },
  { to: '/layers', label: 'Layers' },
  { to: '/layergroups', label: 'Layer groups' },
  { to: '/layer-preview', label: 'Layer preview' },
  { to: '/styles', label: 'Styles' },
  { to: '/settings', label: 'Settings' },
  { to: '/history', label: 'History', adminOnly: true },
  { to: '/import-export', label: 'Import / Export', adminOnly: true },
  { to: '/security', label: 'Security', adminOnly: true },
];

/** The section whose page is at `path` (relative, e.g. `history`), if any. */
export function sectionAt(path: string): Section | undefined {
  return SECTIONS.find((section) => section.to === `/${path}`);
}
