import { IsDefined, IsNumber } from 'class-validator';
import { Wire } from '../wire/declare';

const required = (element: string) => IsDefined({ message: `The bounding box has no ${element}; it is required`, context: { code: 'MISSING_FIELD' } });

/** A bounding box as GeoServer writes it; its `crs` is written by the owner, which knows the CRS. */
export class BoundingBox {
  @required('minx')
  @IsNumber()
  @Wire({ kind: 'number' })
  minx!: number;

  @required('maxx')
  @IsNumber()
  @Wire({ kind: 'number' })
  maxx!: number;

  @required('miny')
  @IsNumber()
  @Wire({ kind: 'number' })
  miny!: number;

  @required('maxy')
  @IsNumber()
  @Wire({ kind: 'number' })
  maxy!: number;
}
