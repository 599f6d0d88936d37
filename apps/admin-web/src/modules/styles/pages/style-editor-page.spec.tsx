import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addWorkspace, catalogFetch, fakeCatalog, sld } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

function openEditor() {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme').styles.set('blue', sld('blue', '#4169E1'));
  const api = catalogFetch(catalog);
  const view = renderConsole({ fetch: api.fetch, path: '/styles/acme/blue', session: ADMIN_SESSION });
  return { catalog, api, ...view };
}

// The editor is a lazily loaded chunk: its first import may take a while on a busy machine.
const editor = () => screen.findByRole('textbox', { name: 'SLD of style acme:blue' }, { timeout: 5_000 }) as Promise<HTMLTextAreaElement>;

describe('style editor', () => {
  it('opens the stored SLD of a workspace style, highlighted, with no problems', async () => {
    openEditor();
    expect((await editor()).value).toBe(sld('blue', '#4169E1'));
    expect(screen.getByText(/No problems found \(SLD 1\.0\.0\)/)).toBeTruthy();
    expect(document.querySelector('.sld-editor__highlight .xml-tag')?.textContent).toBe('StyledLayerDescriptor');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('marks a problem at its line and column as you type, and jumps to it', async () => {
    openEditor();
    const area = await editor();
    const broken = sld('blue', '#4169E1').replace('</Fill>', '</Fil>');
    fireEvent.change(area, { target: { value: broken } });
    const problem = await screen.findByRole('button', { name: /^Line 4, column \d+: Expected closing tag 'Fill'/ });
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.sld-editor__line-number--issue')?.textContent).toBe('4');
    expect(document.querySelector('.sld-editor__marks mark')?.textContent).toBe('</Fil');
    fireEvent.click(problem);
    expect(document.activeElement).toBe(area);
    expect(broken.slice(0, area.selectionStart).split('\n')).toHaveLength(4);
  });

  it('saves the text as SLD 1.0.0 and shows the server refusal at its line', async () => {
    const { api, catalog } = openEditor();
    const area = await editor();
    const changed = sld('blue', '#FF0000');
    fireEvent.change(area, { target: { value: changed } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.keyDown(area, { key: 's', ctrlKey: true });
    expect(await screen.findByText('Style acme:blue saved.')).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/geoserver/rest/workspaces/acme/styles/blue');
    expect(put?.headers.get('Content-Type')).toBe('application/vnd.ogc.sld+xml');
    expect(catalog.workspaces.get('acme')?.styles.get('blue')).toBe(changed);

    fireEvent.change(area, { target: { value: changed.replace('<NamedLayer>', '<NamedLayer><!-- refused by the server -->') } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const issues = await screen.findByText(/The server says no/);
    expect(issues.closest('button')?.textContent).toMatch(/^Line 2, column 3: The server says no/);
  });

  it('does not save while the editor lists problems, says why, and Ctrl+S sends nothing either', async () => {
    const { api } = openEditor();
    const area = await editor();
    fireEvent.change(area, { target: { value: sld('blue', '#FF0000').replace('</Fill>', '</Fil>') } });
    await screen.findByRole('button', { name: /^Line 4, column \d+: / });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toMatch(/^Fix the problems listed above to save/);
    fireEvent.keyDown(area, { key: 's', ctrlKey: true });
    fireEvent.click(save);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('has no layer to preview on in an empty workspace, and says how to get one', async () => {
    openEditor();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('No layer to preview on')).toBeTruthy();
  });

  it('keeps an unsaved draft in the browser and offers it back', async () => {
    const first = openEditor();
    fireEvent.change(await editor(), { target: { value: sld('blue', '#00FF00') } });
    await waitFor(() => expect(localStorage.getItem('geocatalog.style-draft.acme:blue')).toContain('#00FF00'), { timeout: 2000 });
    first.unmount();
    openEditor();
    expect((await editor()).value).toBe(sld('blue', '#00FF00'));
    expect(screen.getByText('Your unsaved draft was restored')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect((await editor()).value).toBe(sld('blue', '#4169E1'));
    localStorage.clear();
  });
});
