import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';
import { MapView } from './map-view';

/** The SLD editor with its live validation and the preview of unsaved text. */
export class StyleEditorPage extends ConsolePage {
  readonly editor: Locator;
  readonly problems: Locator;
  readonly gutterMarkers: Locator;
  readonly underlines: Locator;
  readonly saveButton: Locator;
  readonly previewLayer: Locator;
  readonly map: MapView;

  constructor(page: Page) {
    super(page);
    this.editor = page.getByRole('textbox', { name: /^SLD of style / });
    this.problems = page.locator('.style-editor__issue');
    this.gutterMarkers = page.locator('.sld-editor__line-number--issue');
    this.underlines = page.locator('.sld-editor__marks mark');
    this.saveButton = page.getByRole('button', { name: 'Save', exact: true });
    this.previewLayer = page.getByLabel('Draw on layer');
    this.map = new MapView(page, page.getByRole('application', { name: /^Preview of / }));
  }

  async waitUntilShown(qualifiedStyle: string): Promise<void> {
    await this.heading(qualifiedStyle).waitFor();
    await this.editor.waitFor();
  }

  /** Replaces the whole text, as a paste would. */
  async setText(text: string): Promise<void> {
    await this.editor.fill(text);
  }

  /** The problem lines once at least one shows ("Line 3, column 5: …"). */
  async problemTexts(): Promise<string[]> {
    await this.problems.first().waitFor();
    return this.problems.allInnerTexts();
  }

  noProblems(): Locator {
    return this.page.getByText(/No problems found/);
  }

  /** Saves with Ctrl+S from the editor, as a keyboard user would. */
  async saveWithKeyboard(): Promise<void> {
    await this.editor.focus();
    await this.page.keyboard.press('Control+s');
  }

  makeDefaultButton(layer: string): Locator {
    return this.page.getByRole('button', { name: `Make it the default style of ${layer}` });
  }

  defaultNote(layer: string): Locator {
    return this.page.locator('.style-editor__default').getByText(`Default style of ${layer}.`);
  }
}
