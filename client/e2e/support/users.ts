export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** The first account registered on the fresh database: it becomes the Admin. */
export const admin: TestUser = { name: 'Ann Admin', email: 'ann.admin@garage.test', password: 'secret-123' };

/** A later self-registration: inactive Staff until an Admin activates it. */
export const staff: TestUser = { name: 'Sam Staff', email: 'sam.staff@garage.test', password: 'secret-456' };
