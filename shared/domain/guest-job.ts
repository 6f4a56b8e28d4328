/**
 * A walk-in guest's job (issue 25): no customer record, only a plate. The job keeps this id as its
 * customerId (the register's Payment modal uses the same value for its guest choice) and 'Guest'
 * as its customer, so lists, reports and the register read it as they read any job.
 */
export const guestCustomerId = 'guest';
export const guestCustomerName = 'Guest';

export const isGuestJobCustomer = (customerId: string | null | undefined): boolean => customerId === guestCustomerId;

/** The customer's name and phone a guest's job keeps. */
export const guestJobSnapshot = { customerName: guestCustomerName, customerPhone: '' } as const;

/** The customer a sale of this job is made to: none (a guest sale) for a guest's job. */
export const saleCustomerOfJob = (customerId: string): string | null => (isGuestJobCustomer(customerId) ? null : customerId);
