import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ModalActions } from './modal-actions';
import { RowActions } from './row-actions';
import { SearchInput } from './search-input';
import { TableMessageRow } from './table-message-row';

// The browser tests find these by their text, role and accessible name: the markup stays exactly so.
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(h('div', null, element));
const noop = () => undefined;

describe('TableMessageRow', () => {
  it.each([
    [{ colSpan: 7 }, 'Loading customers...', '<div><tr><td colSpan="7" class="empty">Loading customers...</td></tr></div>'],
    [{ colSpan: 3 }, 'No categories found.', '<div><tr><td colSpan="3" class="empty">No categories found.</td></tr></div>'],
    [{ colSpan: 7, className: 'error-text' }, 'Offline', '<div><tr><td colSpan="7" class="empty error-text">Offline</td></tr></div>'],
  ])('%j with %j', (props, text, expected) => {
    expect(html(h(TableMessageRow, { ...props, children: text }))).toBe(expected);
  });
});

describe('ModalActions', () => {
  const cancel = '<button type="button" class="btn btn-secondary">Cancel</button>';
  it.each([
    [{ saving: false }, `<div><div class="modal-actions">${cancel}<button type="submit" class="btn btn-primary">Save</button></div></div>`],
    [{ saving: false, saveLabel: 'Save Customer' }, `<div><div class="modal-actions">${cancel}<button type="submit" class="btn btn-primary">Save Customer</button></div></div>`],
    [{ saving: true, saveLabel: 'Add Item' }, `<div><div class="modal-actions">${cancel}<button type="submit" class="btn btn-primary" disabled="">Saving...</button></div></div>`],
  ])('%j', (props, expected) => {
    expect(html(h(ModalActions, { onCancel: noop, ...props }))).toBe(expected);
  });
});

describe('RowActions', () => {
  const edit = '<button type="button" class="btn btn-small" aria-label="Edit Oil Filter">Edit</button>';
  const remove = '<button type="button" class="btn btn-small btn-danger" aria-label="Delete Oil Filter">Delete</button>';
  it('shows Edit and Delete named after the row', () => {
    expect(html(h(RowActions, { name: 'Oil Filter', onEdit: noop, onDelete: noop }))).toBe(`<div>${edit}${remove}</div>`);
  });
  it('shows only Edit without onDelete', () => {
    expect(html(h(RowActions, { name: 'Oil Filter', onEdit: noop }))).toBe(`<div>${edit}</div>`);
  });
});

describe('SearchInput', () => {
  it('is a search box with its placeholder and accessible name', () => {
    expect(html(h(SearchInput, { value: 'oil', onChange: noop, placeholder: 'Search Items...', label: 'Search items' }))).toBe(
      '<div><input type="search" class="search-input" placeholder="Search Items..." aria-label="Search items" value="oil"/></div>',
    );
  });
});
