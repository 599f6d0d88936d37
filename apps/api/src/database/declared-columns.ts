import { columnName, DeclarationClass, wireFields } from '@geocatalog/catalog-model';
import { Column, type ColumnOptions } from 'typeorm';

/**
 * The columns a resource declaration names (`@Wire({ column })`), as TypeORM columns on the
 * declaration class itself: an entity that `extends` the declaration inherits them, so a new
 * field is one declaration and one migration.
 */
export function declareColumns(declaration: DeclarationClass): void {
  for (const field of wireFields(declaration)) {
    const column = field.column;
    if (!column) continue;
    const options: ColumnOptions = { name: columnName(field), type: column.type, nullable: column.nullable ?? false };
    if (column.length !== undefined) options.length = column.length;
    if (column.default !== undefined) options.default = column.default === 'now()' ? () => 'now()' : column.default;
    Column(options)(declaration.prototype as object, field.property);
  }
}
