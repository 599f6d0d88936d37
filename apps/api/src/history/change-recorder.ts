import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sqlLiteral, withCommit } from '../database/commit-hooks';
import { changeUser, currentChange } from './change-context';

/**
 * Completes the changes the database noted in a transaction (see the history migration) with who
 * made them in which request, and moves them into the history: `catalog_commit_changes`, sent
 * with the transaction's COMMIT, so recording costs writers no round trip of its own.
 */
@Injectable()
export class ChangeRecorder {
  constructor(@InjectDataSource() db: DataSource) {
    withCommit(db, () => {
      const context = currentChange();
      return `SELECT catalog_commit_changes(${sqlLiteral(changeUser(context))}, ${sqlLiteral(context.request)}, false)`;
    });
  }
}
