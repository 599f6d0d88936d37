import { diffLines, withContext } from '../line-diff';
import './diff.css';

const MARK = { same: ' ', removed: '−', added: '+' } as const;
const SPOKEN = { same: '', removed: 'removed: ', added: 'added: ' } as const;

/** Two texts (SLD documents) as a line diff with a few lines of context around each change. */
export function LineDiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const lines = diffLines(before, after);
  if (lines.every((line) => line.kind === 'same')) return <p className="diff__note">The text is the same.</p>;
  return (
    <pre className="diff__lines" aria-label={label} tabIndex={0}>
      {withContext(lines).map((line, index) =>
        line.kind === 'skipped' ? (
          <span key={index} className="diff__line diff__line--skipped">
            {`  … ${line.count === 1 ? '1 line' : `${line.count} lines`} unchanged\n`}
          </span>
        ) : (
          <span key={index} className={`diff__line diff__line--${line.kind}`}>
            <span className="visually-hidden">{SPOKEN[line.kind]}</span>
            <span aria-hidden="true">{MARK[line.kind]} </span>
            {`${line.text}\n`}
          </span>
        ),
      )}
    </pre>
  );
}
