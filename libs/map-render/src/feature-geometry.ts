import type { Geometry as GeoJsonGeometry, Position } from 'geojson';
import type Geometry from 'ol/geom/Geometry';
import GeometryCollection from 'ol/geom/GeometryCollection';
import LineString from 'ol/geom/LineString';
import MultiLineString from 'ol/geom/MultiLineString';
import MultiPoint from 'ol/geom/MultiPoint';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';

/** A GeoJSON geometry (already in the map's CRS, x/y order) as an OpenLayers geometry; null when empty. */
export function toOlGeometry(geometry: GeoJsonGeometry | null | undefined): Geometry | null {
  if (!geometry) return null;
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates.length >= 2 ? new Point(xy(geometry.coordinates)) : null;
    case 'MultiPoint':
      return new MultiPoint(geometry.coordinates.map(xy));
    case 'LineString':
      return new LineString(geometry.coordinates.map(xy));
    case 'MultiLineString':
      return new MultiLineString(geometry.coordinates.map((line) => line.map(xy)));
    case 'Polygon':
      return new Polygon(geometry.coordinates.map((ring) => ring.map(xy)));
    case 'MultiPolygon':
      return new MultiPolygon(geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(xy))));
    case 'GeometryCollection':
      return new GeometryCollection(geometry.geometries.map(toOlGeometry).filter((g): g is Geometry => g !== null));
    default:
      return null;
  }
}

/** Two dimensions: OpenLayers' default layout; a Z or M value does not change the picture. */
function xy(position: Position): number[] {
  return [position[0], position[1]];
}
