// One place for the test factories: customers with vehicles, items, job cards and sales.
export * from './customers';
export * from './items';
export * from './job-cards';
export * from './sales';
