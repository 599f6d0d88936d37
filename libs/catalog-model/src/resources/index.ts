export * from './rules';
export * from './bounding-box';
export * from './workspace';
export * from './namespace';
export * from './data-store';
export * from './feature-type';
export * from './layer';
export * from './style';
