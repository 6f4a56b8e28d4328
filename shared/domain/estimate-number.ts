// Estimate numbers are made on the device (issue 45), as invoice numbers are: EST-<device code>-<sequence>.
export { formatEstimateNo } from './invoice-number';
export const estimateNoPattern = /^EST-[A-Z0-9]{2,8}-\d{5,9}$/;
