interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name, e.g. 'Search customers'. */
  label: string;
}

/** A list screen's search box, in the page header's actions. */
export function SearchInput({ value, onChange, placeholder, label }: SearchInputProps) {
  return <input type="search" className="search-input" placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}
