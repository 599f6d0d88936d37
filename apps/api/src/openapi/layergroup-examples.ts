/** Example bodies of the layer-group operations: the group `roads_group` holding the layer `acme:roads`. */
import type { BodyExample } from './examples';

export const LAYER_GROUP_EXAMPLES = {
  create: {
    xml: '<layerGroup><name>roads_group</name><mode>SINGLE</mode><publishables><published type="layer">acme:roads</published></publishables></layerGroup>',
    json: { layerGroup: { name: 'roads_group', mode: 'SINGLE', publishables: { published: [{ '@type': 'layer', name: 'acme:roads' }] } } },
  },
  update: { xml: '<layerGroup><title>Roads</title></layerGroup>', json: { layerGroup: { title: 'Roads' } } },
} satisfies Record<string, BodyExample>;
