import type { Locator, Page } from 'playwright/test';
import { expect } from 'playwright/test';
import { AppShell } from './app-shell';
import { ListPage } from './list-page';
import { answerConfirmation } from './in-page-confirm';

/** /categories: Category Management. */
export class CategoriesPage extends ListPage {
  readonly addButton: Locator;
  readonly modal: Locator;
  readonly nameInput: Locator;
  readonly descriptionInput: Locator;
  readonly saveButton: Locator;

  constructor(page: Page) {
    super(page, page.getByRole('heading', { name: 'Category Management' }), 'table.table');
    this.addButton = page.getByRole('button', { name: '+ Add New Category' });
    this.modal = page.getByRole('dialog');
    this.nameInput = this.modal.getByLabel('Category Name');
    this.descriptionInput = this.modal.getByLabel('Description');
    this.saveButton = this.modal.getByRole('button', { name: 'Save' });
  }

  /** Opens the screen from the sidebar (from any screen inside the layout). */
  async open(): Promise<void> {
    await new AppShell(this.page).openFromSidebar('Categories');
    await this.expectLoaded();
  }

  async goto(): Promise<void> {
    await this.page.goto('/categories');
    await this.expectLoaded();
  }

  row(name: string): Locator {
    return this.rowWithCell(name);
  }

  /** Fills the modal and saves; the caller checks the outcome. */
  async fillAndSave(name: string, description: string): Promise<void> {
    await this.nameInput.fill(name);
    await this.descriptionInput.fill(description);
    await this.saveButton.click();
  }

  async add(name: string, description: string): Promise<void> {
    await this.addButton.click();
    await expect(this.modal.getByRole('heading', { name: 'Add New Category' })).toBeVisible();
    await this.fillAndSave(name, description);
    await expect(this.toast('Category added successfully!').last()).toBeVisible();
    await expect(this.modal).toHaveCount(0);
    await expect(this.row(name)).toHaveCount(1);
  }

  async edit(name: string, newName: string, newDescription: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await expect(this.modal.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
    await expect(this.nameInput).toHaveValue(name);
    await this.fillAndSave(newName, newDescription);
    await expect(this.toast('Category updated successfully!').last()).toBeVisible();
    await expect(this.modal).toHaveCount(0);
    await expect(this.row(newName)).toHaveCount(1);
  }

  /** Deletes through the in-page confirmation; returns its words. */
  async delete(name: string): Promise<string> {
    await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const message = await answerConfirmation(this.page, 'Delete');
    await expect(this.toast('Category deleted successfully!').last()).toBeVisible();
    await expect(this.row(name)).toHaveCount(0);
    return message;
  }
}
