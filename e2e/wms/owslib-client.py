"""OWSLib as a real WMS client of the api: unmodified library calls, facts printed as JSON.

Usage: python3 owslib-client.py URL USER PASSWORD VERSION LAYER CRS BBOX(minx,miny,maxx,maxy) I J
Prints {"title", "layers": {name: {title, queryable, children, styles, bbox84, crs}}, "getmap": {...},
"featureinfo": "..."}. The e2e spec (owslib.e2e-spec.ts) checks the figures.
"""
import json
import struct
import sys

from owslib.wms import WebMapService


def main():
    url, user, password, version, layer, crs, bbox, i, j = sys.argv[1:10]
    box = tuple(float(v) for v in bbox.split(","))
    wms = WebMapService(url, version=version, username=user, password=password)
    layers = {}
    for name, content in wms.contents.items():
        layers[name] = {
            "title": content.title,
            "queryable": int(content.queryable),
            "children": [c.name or c.title for c in content.children],
            "styles": {s: {"title": v.get("title"), "legend": v.get("legend"), "legend_width": v.get("legend_width"), "legend_height": v.get("legend_height")} for s, v in content.styles.items()},
            "bbox84": list(content.boundingBoxWGS84) if content.boundingBoxWGS84 else None,
            "crs": sorted(content.crsOptions),
        }
    img = wms.getmap(layers=[layer], styles=[""], srs=crs, bbox=box, size=(256, 256), format="image/png", transparent=True)
    data = img.read()
    png = data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24]) if png else (None, None)
    info = wms.getfeatureinfo(
        layers=[layer], styles=[""], srs=crs, bbox=box, size=(256, 256), format="image/png",
        query_layers=[layer], info_format="application/json", xy=(int(i), int(j)),
    )
    print(json.dumps({
        "title": wms.identification.title,
        "version": wms.identification.version,
        "operations": [op.name for op in wms.operations],
        "layers": layers,
        "getmap": {"png": png, "width": width, "height": height, "type": img.info().get("Content-Type")},
        "featureinfo": json.loads(info.read().decode("utf-8")),
    }))


if __name__ == "__main__":
    main()
