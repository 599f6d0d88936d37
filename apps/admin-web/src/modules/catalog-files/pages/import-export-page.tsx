import { PageHeader } from '../../../ui';
import { ExportSection } from '../components/export-section';
import { ImportSection } from '../components/import-section';
import './import-export-page.css';

/** The catalog as files: import a GeoServer data directory (plan, then apply), export one. */
export function ImportExportPage() {
  return (
    <>
      <PageHeader
        title="Import / Export"
        description="Move a catalog in from GeoServer, or out to files you can keep in git: a zipped GeoServer data directory either way."
      />
      <div className="import-export-page">
        <ImportSection />
        <ExportSection />
      </div>
    </>
  );
}
