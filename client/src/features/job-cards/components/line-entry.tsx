import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import { toast } from '@/components/ui/toast-store';
import { formatMoney, fromCents } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { jobCardMessages, jobLineInputSchema, type JobLineInput } from '@shared/schemas/job-card';
import { firstIssueMessage } from '@shared/schemas/messages';
import { quickCreateItem } from '../api/quick-create-item';
import { newRecordId } from '@shared/sync/record-id';
import { confirmInPage } from '@/components/ui/confirm-store';

type Kind = 'item' | 'service';
interface Suggestion {
  id: string;
  name: string;
  priceCents: number;
  detail: string;
}

type ItemRow = { id: string; itemName: string; barcode: string; unitPriceCents: number; stockHundredths: number };

const items = db.items;
const services = db.services;
export const suggestionCloseDelay = 200;
export const customItemHint = 'This item is not in the database. It will be created with stock 0.';
export const zeroPriceQuestion = (name: string) => `Add ${name} at ${formatMoney(0)}?`;

async function suggestionsFor(kind: Kind, text: string): Promise<Suggestion[]> {
  if (text.trim().length <= 1) return [];
  if (kind === 'service') {
    const { rows } = await queryPage(services, { search: text, page: 1, pageSize: 8 });
    return rows.map((s) => ({ id: s.id, name: s.name, priceCents: s.priceCents, detail: s.serviceId ?? 'Pending' }));
  }
  const { rows } = await queryPage(items, { search: text, page: 1, pageSize: 8 });
  return rows.map(itemSuggestion);
}

const itemSuggestion = (i: ItemRow): Suggestion => ({
  id: i.id,
  name: i.itemName,
  priceCents: i.unitPriceCents,
  detail: `${i.barcode} · stock ${formatQuantity(i.stockHundredths)}`,
});

/**
 * The catalogue entry the text names exactly, read afresh through the indexes when the line is added:
 * an item by its barcode (what a scanner types, then Enter) or its name, a service by its number or
 * its name. Read at add time, not from the suggestions on screen, which may still be those of the
 * text a fast scanner typed a moment before.
 */
export async function exactMatchFor(kind: Kind, text: string): Promise<Suggestion | null> {
  const typed = text.trim();
  if (!typed) return null;
  if (kind === 'item') {
    const item =
      (await items.where('barcode').equals(typed).first()) ??
      (await items.where('barcode').equalsIgnoreCase(typed).first()) ??
      (await items.where('itemName').equalsIgnoreCase(typed).first());
    return item ? itemSuggestion(item) : null;
  }
  const service = (await services.where('serviceId').equalsIgnoreCase(typed).first()) ?? (await services.where('name').equalsIgnoreCase(typed).first());
  return service ? { id: service.id, name: service.name, priceCents: service.priceCents, detail: service.serviceId ?? 'Pending' } : null;
}

interface LineEntryProps {
  onAdd: (line: JobLineInput) => void;
  disabled?: boolean;
}

/**
 * Services and items entry (spec 2.7, 4, 5): search by name or barcode, a chosen suggestion locks
 * its price (unlock to edit), a name that matches nothing is added by hand (a service) or created
 * with 'Create & Add' (an item, stock 0, default category).
 */
export function LineEntry({ onAdd, disabled }: LineEntryProps) {
  const [kind, setKind] = useState<Kind>('service');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Suggestion | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [priceLocked, setPriceLocked] = useState(false);
  const [warranty, setWarranty] = useState('');
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const suggestions = useLiveQuery(() => suggestionsFor(kind, text), [kind, text]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // The text names a catalogue entry exactly (its name, barcode or service number): added as that
  // entry, at its price, never created again.
  const exact = useLiveQuery(() => (chosen ? null : exactMatchFor(kind, text)), [kind, text, chosen]);
  const custom = !chosen && exact === null && text.trim().length > 1;
  const label = kind === 'item' && custom ? 'Create & Add' : kind === 'item' ? 'Add Item' : 'Add Service';

  function reset() {
    setText('');
    setChosen(null);
    setQuantity('1');
    setPrice('');
    setPriceLocked(false);
    setWarranty('');
  }

  function choose(suggestion: Suggestion) {
    setChosen(suggestion);
    setText(suggestion.name);
    setPrice(fromCents(suggestion.priceCents).toFixed(2));
    setPriceLocked(true);
    setOpen(false);
  }

  function switchKind(next: Kind) {
    setKind(next);
    reset();
  }

  /** The line as typed, checked with the shared rules (their first message is the spec's warning). */
  function lineFrom(refId: string | null, name: string, quickAdded = false, unitPrice = price): JobLineInput | null {
    const parsed = jobLineInputSchema.safeParse({ id: newRecordId(), kind, refId, name, quantity, unitPrice: unitPrice === '' ? 0 : unitPrice, warranty, quickAdded });
    if (!parsed.success) {
      toast.warning(firstIssueMessage(parsed.error));
      return null;
    }
    return parsed.data;
  }

  async function add() {
    const picked = chosen ?? (await exactMatchFor(kind, text));
    if (!picked && text.trim() === '') return toast.warning(jobCardMessages.nothingSelected);
    const qty = Number(quantity);
    if (!(qty > 0)) return toast.warning(jobCardMessages.quantity);
    if (picked) {
      // Named exactly but not picked from the list: the catalogue's price, unless one was typed.
      const line = lineFrom(picked.id, picked.name, false, chosen || price !== '' ? price : fromCents(picked.priceCents).toFixed(2));
      if (line) {
        onAdd(line);
        reset();
      }
      return;
    }
    if (kind === 'service') {
      // A service typed by hand (labour described freely) is a line of its own, with no catalogue entry.
      const line = lineFrom(null, text);
      if (line) {
        onAdd(line);
        reset();
      }
      return;
    }
    // A new catalogue item needs a price: an empty one would make a Rs. 0.00 item and line. A price
    // of 0 is allowed (a free part) once the user has said so.
    if (price.trim() === '') return toast.warning(jobCardMessages.newItemPrice);
    const line = lineFrom('pending', text, true);
    if (!line) return;
    if (line.unitPrice === 0 && !(await confirmInPage({ title: 'A free part?', message: zeroPriceQuestion(text.trim()), confirmLabel: `Add at ${formatMoney(0)}` }))) return;
    setCreating(true);
    try {
      const itemId = await quickCreateItem(text.trim(), price);
      onAdd({ ...line, refId: itemId });
      toast.success('Item created & added');
      reset();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to create item');
    } finally {
      setCreating(false);
    }
  }

  const searchLabel = kind === 'item' ? 'Search/Add Item' : 'Search/Add Service';
  return (
    <fieldset className="line-entry" disabled={disabled}>
      <legend>Services / Items</legend>
      <div className="segmented" role="radiogroup" aria-label="Add a service or an item">
        {(['service', 'item'] as const).map((option) => (
          <button key={option} type="button" role="radio" aria-checked={kind === option} className={kind === option ? 'active' : ''} onClick={() => switchKind(option)}>
            {option === 'service' ? 'Service' : 'Item'}
          </button>
        ))}
      </div>
      <div className="line-entry-grid">
        <label className="field line-search">
          <span>{searchLabel}</span>
          <input
            type="search"
            name="lineSearch"
            autoComplete="off"
            placeholder="Search by name or barcode"
            value={text}
            role="combobox"
            aria-expanded={open && !!suggestions?.length}
            aria-autocomplete="list"
            onChange={(event) => {
              setText(event.target.value);
              setChosen(null);
              setPriceLocked(false);
              clearTimeout(closeTimer.current);
              setOpen(true);
            }}
            onFocus={() => {
              clearTimeout(closeTimer.current);
              setOpen(true);
            }}
            onBlur={() => {
              closeTimer.current = setTimeout(() => setOpen(false), suggestionCloseDelay);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
          />
          {open && !!suggestions?.length && (
            <ul className="suggestions" role="listbox" aria-label={kind === 'item' ? 'Items' : 'Services'}>
              {suggestions.map((suggestion) => (
                <li key={suggestion.id} role="option" aria-selected={chosen?.id === suggestion.id}>
                  <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => choose(suggestion)}>
                    <span>{suggestion.name}</span>
                    <span className="muted">
                      {suggestion.detail} · {formatMoney(suggestion.priceCents)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {kind === 'item' && custom && <small className="muted">{customItemHint}</small>}
        </label>
        <label className="field">
          <span>Qty</span>
          <input
            name="lineQuantity"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            onBlur={() => {
              if (!(Number(quantity) > 0)) setQuantity('0');
            }}
          />
        </label>
        <div className="field">
          <label htmlFor="line-price">Unit Price</label>
          <div className="price-lock">
            <input
              id="line-price"
              name="linePrice"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={price}
              readOnly={priceLocked}
              className={priceLocked ? 'read-only' : undefined}
              onChange={(event) => setPrice(event.target.value)}
            />
            {chosen && (
              <button
                type="button"
                className="icon-button"
                aria-pressed={!priceLocked}
                aria-label={priceLocked ? 'Unlock price to edit' : 'Lock price'}
                title={priceLocked ? 'Unlock price to edit' : 'Lock price'}
                onClick={() => setPriceLocked((locked) => !locked)}
              >
                {priceLocked ? '🔒' : '🔓'}
              </button>
            )}
          </div>
        </div>
        <label className="field">
          <span>Warranty</span>
          <input name="lineWarranty" maxLength={50} placeholder="e.g. 6 Months" value={warranty} onChange={(event) => setWarranty(event.target.value)} />
        </label>
        <div className="field line-add">
          <button type="button" className="btn btn-primary" onClick={() => void add()} disabled={creating}>
            {creating ? 'Creating...' : label}
          </button>
        </div>
      </div>
    </fieldset>
  );
}
