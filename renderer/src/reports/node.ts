// The report builders as one module for Node (bundled by scripts/build.mjs
// into renderer/dist-node/reports.mjs): `lio report` writes the very SVGs
// the UI exports.
export { buildReport, compareReportSvg, slug, type ReportInputs, type ReportKind } from './report';
export { slideSvg } from './slide';
export { buildSlide, slideText } from './slides';
export { heatOf } from '../model/heat';
export { buildProfile } from './profiles';
