import { clearCoverageRecords } from '../../../scripts/model-coverage-data';

/** Each model run starts from nothing, so the reporter counts only what this run reached. */
export default function clearModelCoverage(): void {
  clearCoverageRecords();
}
