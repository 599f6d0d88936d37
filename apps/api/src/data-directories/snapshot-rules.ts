import type { EntityManager } from 'typeorm';
import type { DataDirectory } from './data-directory';

/** The rules a whole export writes (contract §8, §12): every data rule with the catalog mode, every service rule, in the order they were made. */
export async function rulesForDirectory(manager: EntityManager): Promise<Pick<DataDirectory, 'dataRules' | 'serviceRules'>> {
  const read = async (table: string) =>
    ((await manager.query(`SELECT name, value FROM ${table} ORDER BY id`)) as Array<{ name: string; value: string }>).map((r): [string, string] => [
      r.name,
      r.value,
    ]);
  return { dataRules: await read('data_rule'), serviceRules: await read('service_rule') };
}
