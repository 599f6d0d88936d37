import { useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import { issueRange, offsetOf, tokenizeXml } from './xml-highlight';
import './sld-editor.css';

/** A located problem in the text. */
export interface EditorIssue {
  line: number;
  column: number;
  message: string;
  /** `browser` (live validation) or `server` (the last save's refusal). */
  source: 'browser' | 'server';
}

export interface SldEditorProps {
  value: string;
  onChange: (value: string) => void;
  issues: EditorIssue[];
  /** Accessible name of the text area. */
  label: string;
  /** Ids of texts describing the editor (the issue summary). */
  describedBy?: string;
  /** Ctrl/Cmd+S. */
  onSave?: () => void;
  /** The text can be read, selected and copied, not changed (a user who may not write). */
  readOnly?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * A light code editor for SLD: a plain `<textarea>` (so typing, selection, undo, spell-check off,
 * screen readers and mobile keyboards all work as usual) over two layers that line up with it:
 * the syntax-highlighted text, and wavy underlines at each issue's line and column. A gutter
 * shows line numbers, with a marker on lines that have issues.
 *
 * Keys: Tab indents (Esc, then Tab, leaves the editor); Ctrl/Cmd+S saves.
 */
export function SldEditor({ value, onChange, issues, label, describedBy, onSave, readOnly = false, textareaRef }: SldEditorProps) {
  const hintId = useId();
  const highlightRef = useRef<HTMLPreElement>(null);
  const marksRef = useRef<HTMLPreElement>(null);
  const gutterRef = useRef<HTMLDivElement>(null);
  const localRef = useRef<HTMLTextAreaElement | null>(null);
  const escaped = useRef(false);

  const tokens = useMemo(() => tokenizeXml(value), [value]);
  const lineCount = useMemo(() => value.split('\n').length, [value]);
  const issueLines = useMemo(() => {
    const lines = new Map<number, string[]>();
    for (const issue of issues) lines.set(issue.line, [...(lines.get(issue.line) ?? []), issue.message]);
    return lines;
  }, [issues]);
  const marks = useMemo(() => markSegments(value, issues), [value, issues]);

  const syncScroll = () => {
    const area = localRef.current;
    if (!area) return;
    const transform = `translate(${-area.scrollLeft}px, ${-area.scrollTop}px)`;
    if (highlightRef.current) highlightRef.current.style.transform = transform;
    if (marksRef.current) marksRef.current.style.transform = transform;
    if (gutterRef.current) gutterRef.current.style.transform = `translateY(${-area.scrollTop}px)`;
  };
  useLayoutEffect(syncScroll, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (!readOnly) onSave?.();
      return;
    }
    if (event.key === 'Escape') {
      escaped.current = true;
      return;
    }
    if (event.key === 'Tab' && !readOnly && !event.shiftKey && !escaped.current && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      insertText(event.currentTarget, '  ');
    }
    escaped.current = false;
  }

  return (
    <div className="sld-editor">
      <div className="sld-editor__frame">
        <div className="sld-editor__gutter" aria-hidden="true">
          <div ref={gutterRef} className="sld-editor__gutter-inner">
            {Array.from({ length: lineCount }, (_, index) => {
              const messages = issueLines.get(index + 1);
              return (
                <div
                  key={index}
                  className={messages ? 'sld-editor__line-number sld-editor__line-number--issue' : 'sld-editor__line-number'}
                  title={messages?.join('\n')}
                >
                  {index + 1}
                </div>
              );
            })}
          </div>
        </div>
        <div className="sld-editor__body">
          <pre ref={highlightRef} className="sld-editor__layer sld-editor__highlight" aria-hidden="true">
            {tokens.map((token, index) =>
              token.kind === 'text' ? (
                token.text
              ) : (
                <span key={index} className={`xml-${token.kind}`}>
                  {token.text}
                </span>
              ),
            )}
            {'\n'}
          </pre>
          <pre ref={marksRef} className="sld-editor__layer sld-editor__marks" aria-hidden="true">
            {marks.map((segment, index) => (segment.issue ? <mark key={index}>{segment.text}</mark> : segment.text))}
            {'\n'}
          </pre>
          <textarea
            ref={(element) => {
              localRef.current = element;
              if (typeof textareaRef === 'function') textareaRef(element);
              else if (textareaRef) (textareaRef as { current: HTMLTextAreaElement | null }).current = element;
            }}
            className="sld-editor__input"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onScroll={syncScroll}
            onKeyDown={onKeyDown}
            readOnly={readOnly}
            aria-label={label}
            aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
            aria-invalid={issues.length > 0 || undefined}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            wrap="off"
          />
        </div>
      </div>
      <p className="sld-editor__hint" id={hintId}>
        {readOnly ? 'Read only: you may not change styles.' : 'Tab indents; press Esc then Tab to leave the editor. Ctrl+S saves.'}
      </p>
    </div>
  );
}

/** Inserts text at the caret so that the browser's undo history keeps it. */
function insertText(area: HTMLTextAreaElement, text: string) {
  // execCommand keeps native undo; it is deprecated but has no replacement for textareas.
  if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, text)) return;
  area.setRangeText(text, area.selectionStart, area.selectionEnd, 'end');
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The text cut into plain and underlined segments, one underline per issue (overlaps merged). */
export function markSegments(text: string, issues: EditorIssue[]): Array<{ text: string; issue: boolean }> {
  const ranges = issues
    .map((issue) => issueRange(text, offsetOf(text, issue.line, issue.column)))
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const segments: Array<{ text: string; issue: boolean }> = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), issue: false });
    segments.push({ text: text.slice(start, end), issue: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), issue: false });
  return segments;
}
