"""QGIS 3.22's WMS provider as a real client of the api: the unmodified "wms" data provider, headless.

Usage: QT_QPA_PLATFORM=offscreen python3 qgis-client.py URL USER PASSWORD LAYER CRS BBOX(minx,miny,maxx,maxy) WIDTH HEIGHT X,Y [X,Y ...]
Opens LAYER of the WMS at URL as a QgsRasterLayer (provider "wms", credentials in the data source),
renders it over a white background into a WIDTH × HEIGHT image of BBOX with QgsMapRendererSequentialJob,
and prints {"qgis", "valid", "error", "crs", "extent", "rendered", "errors", "pixels": [[r, g, b, a], ...]}
as one JSON line. QGIS may crash while it exits: the line is printed (and flushed) before, and the
process leaves with os._exit. The e2e spec (clients.e2e-spec.ts) checks the figures.
"""
import json
import os
import sys

from qgis.core import (
    Qgis,
    QgsApplication,
    QgsCoordinateReferenceSystem,
    QgsDataSourceUri,
    QgsMapRendererSequentialJob,
    QgsMapSettings,
    QgsRasterLayer,
    QgsRectangle,
)
from qgis.PyQt.QtCore import QSize
from qgis.PyQt.QtGui import QColor


def main(app):
    url, user, password, layer_name, crs, bbox, width, height = sys.argv[1:9]
    points = [tuple(int(v) for v in p.split(",")) for p in sys.argv[9:]]
    uri = QgsDataSourceUri()
    # The parameters QGIS's own "Add WMS layer" dialog writes.
    for key, value in [
        ("url", url),
        ("layers", layer_name),
        ("styles", ""),
        ("format", "image/png"),
        ("crs", crs),
        ("username", user),
        ("password", password),
        ("dpiMode", "7"),
    ]:
        uri.setParam(key, value)
    layer = QgsRasterLayer(bytes(uri.encodedUri()).decode(), "api", "wms")
    out = {
        "qgis": Qgis.QGIS_VERSION,
        "valid": layer.isValid(),
        "error": layer.error().summary() if not layer.isValid() else None,
        "crs": layer.crs().authid(),
    }
    if layer.isValid():
        extent = layer.extent()
        out["extent"] = [round(v, 4) for v in (extent.xMinimum(), extent.yMinimum(), extent.xMaximum(), extent.yMaximum())]
        settings = QgsMapSettings()
        settings.setLayers([layer])
        settings.setDestinationCrs(QgsCoordinateReferenceSystem(crs))
        settings.setOutputSize(QSize(int(width), int(height)))
        settings.setExtent(QgsRectangle(*[float(v) for v in bbox.split(",")]))
        settings.setBackgroundColor(QColor(255, 255, 255))
        job = QgsMapRendererSequentialJob(settings)
        job.start()
        job.waitForFinished()
        image = job.renderedImage()
        out["rendered"] = [image.width(), image.height()]
        out["errors"] = [e.message for e in job.errors()]
        out["pixels"] = []
        for x, y in points:
            c = QColor(image.pixel(x, y))
            out["pixels"].append([c.red(), c.green(), c.blue(), c.alpha()])
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    QgsApplication.setPrefixPath("/usr", True)
    qgs = QgsApplication([], False)
    qgs.initQgis()
    code = 0
    try:
        main(qgs)
    except Exception as err:  # printed for the spec, which fails on it
        print(json.dumps({"exception": repr(err)}), flush=True)
        code = 1
    sys.stdout.flush()
    os._exit(code)
