import { useRef, useState } from 'react';
import { isCalendarDay, readTypedDay, typedDayText } from '@shared/schemas/dates';
import { CalendarIcon } from './icons';

interface DateFieldProps {
  /** A day as the forms hold it, 'YYYY-MM-DD'; '' for none; or text typed that is no day (see onChange). */
  value: string;
  /**
   * The day typed or picked ('YYYY-MM-DD'); '' when the text is cleared; the text itself while it is
   * no day ('31/02/2026', '27/11'), so the form's own check refuses it with its own message.
   */
  onChange: (value: string) => void;
  /** The form's name for it: a ValidationError about this field marks and focuses the typed text. */
  name?: string;
  /** The accessible name when no <label> wraps the field (a list's filter). */
  label?: string;
  /**
   * A list's filter: text that is no day yet gives '' (no filter), as a browser's date input does
   * while a date is half typed, so the list does not empty at every keystroke.
   */
  onlyDays?: boolean;
  className?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** A form's message about the day (components/ui/field-message.tsx), and the field's name when its label holds that message. */
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-labelledby'?: string;
}

/**
 * A date field that shows and takes dd/MM/yyyy (issue 25; decisions.md, Money and quantities) and
 * keeps the device's own date picker. A browser's `<input type="date">` shows the date in the
 * device's language (mm/dd/yyyy on most tablets), so the day is typed as text here, and the
 * calendar button opens the native picker of a date input kept out of sight: the tablet's picker
 * stays, and what a cashier reads and types is the shop's format.
 */
export function DateField({ value, onChange, name, label, onlyDays, className, min, max, disabled, readOnly, ...aria }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const typedInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => typedDayText(value));
  // The value the text stands for: a new value from outside (the picker, a reset) is shown anew;
  // the text typed is kept as typed while it is being typed.
  const [shown, setShown] = useState(value);
  // A filter has no form to refuse a text that is no day: it marks it itself once the cashier moves on.
  const [left, setLeft] = useState(false);
  if (value !== shown) {
    setShown(value);
    setText(typedDayText(value));
  }

  const type = (typed: string) => {
    const next = typed.trim() === '' ? '' : (readTypedDay(typed) ?? (onlyDays ? '' : typed));
    setText(typed);
    setLeft(false);
    setShown(next);
    onChange(next);
  };
  // '5-12-2026' becomes '05/12/2026' once the cashier moves on; text that is no day stays as typed.
  const tidy = () => {
    setLeft(true);
    if (isCalendarDay(value)) setText(typedDayText(value));
  };
  const unread = onlyDays && left && text.trim() !== '' && readTypedDay(text) === null;
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      if (typeof input.showPicker === 'function') return input.showPicker();
    } catch {
      // Refused (no user gesture, or a browser that shows no picker for it): focusing is next best.
    }
    input.focus();
  };
  const locked = disabled || readOnly;

  return (
    <span className={`date-field${className ? ` ${className}` : ''}`}>
      <input
        ref={typedInput}
        type="text"
        name={name}
        aria-label={label}
        aria-labelledby={aria['aria-labelledby']}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid'] || unread || undefined}
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        maxLength={14}
        value={text}
        disabled={disabled}
        readOnly={readOnly}
        onChange={(event) => type(event.target.value)}
        onBlur={tidy}
      />
      <button type="button" className="btn btn-secondary date-field-button" aria-label="Choose date" disabled={locked} onClick={openPicker}>
        <CalendarIcon />
      </button>
      <input
        ref={picker}
        type="date"
        className="date-field-picker"
        tabIndex={-1}
        aria-hidden="true"
        value={isCalendarDay(value) ? value : ''}
        min={min}
        max={max}
        disabled={locked}
        onChange={(event) => {
          // A form marks the typed text when it refuses the day (use-form-submit); a day picked answers it.
          if (!onlyDays) typedInput.current?.removeAttribute('aria-invalid');
          type(typedDayText(event.target.value));
        }}
      />
    </span>
  );
}
