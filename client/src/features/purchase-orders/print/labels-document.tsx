import type { CSSProperties } from 'react';
import { Barcode } from '@/components/print/barcode';
import { code128Drawing } from '@shared/domain/code128';
import { labelLayouts, labelModuleMm, labelPages, labelSheets, type LabelFormat, type ShelfLabel } from '@shared/domain/labels';
import { formatMoney } from '@shared/domain/money';

const ptPerMm = 72 / 25.4;

/** One label, its parts where the PDF puts them (labelLayouts): the name, the bars, the code and the price. */
function ShelfLabelView({ label, format }: { label: ShelfLabel; format: LabelFormat }) {
  const sheet = labelSheets[format];
  const layout = labelLayouts[format];
  const innerMm = sheet.labelWidthMm - 2 * layout.padMm;
  const nameStyle: CSSProperties = { top: `${layout.padMm}mm`, left: `${layout.padMm}mm`, right: `${layout.padMm}mm`, fontSize: `${layout.nameSize}pt` };
  // The foot's line box (line-height 1) placed so that its baseline falls on the PDF's.
  const footStyle: CSSProperties = { top: `${layout.footBaselineMm - (layout.priceSize * 0.8) / ptPerMm}mm`, left: `${layout.padMm}mm`, right: `${layout.padMm}mm` };
  return (
    <article className="shelf-label" aria-label={`Label: ${label.itemName}`} style={{ width: `${sheet.labelWidthMm}mm`, height: `${sheet.labelHeightMm}mm` }}>
      <p className="shelf-label-name" style={nameStyle}>
        {label.itemName}
      </p>
      {label.scannable && (
        <div className="shelf-label-bars" style={{ top: `${layout.barTopMm}mm` }}>
          <Barcode
            className="shelf-label-barcode"
            value={label.barcodeText}
            heightMm={layout.barHeightMm}
            moduleMm={labelModuleMm(code128Drawing(label.barcodeText).modules, innerMm)}
          />
        </div>
      )}
      <p className="shelf-label-foot" style={footStyle}>
        <span className="shelf-label-code" style={{ fontSize: `${layout.codeSize}pt` }}>
          {label.barcodeText}
        </span>
        {label.priceCents !== null && (
          <span className="shelf-label-price" style={{ fontSize: `${layout.priceSize}pt` }}>
            {formatMoney(label.priceCents)}
          </span>
        )}
      </p>
    </article>
  );
}

/**
 * A delivery's shelf labels as they print: A4 sheets of 3 × 8 (70 × 37 mm labels) or one 50 × 25 mm
 * label a page for a label printer, each page named for its @page size in print.css.
 */
export function LabelsDocument({ format, labels }: { format: LabelFormat; labels: ShelfLabel[] }) {
  const sheet = labelSheets[format];
  const style: CSSProperties = {
    width: `${sheet.pageWidthMm}mm`,
    height: `${sheet.pageHeightMm}mm`,
    paddingLeft: `${sheet.leftMm}mm`,
    paddingTop: `${sheet.topMm}mm`,
    gridTemplateColumns: `repeat(${sheet.columns}, ${sheet.labelWidthMm}mm)`,
    gridAutoRows: `${sheet.labelHeightMm}mm`,
  };
  return (
    <div className={`print-labels print-labels-${format}`}>
      {labelPages(format, labels).map((page, index) => (
        <section key={index} className="label-sheet" aria-label={`Label page ${index + 1}`} style={style}>
          {page.map((label, at) => (
            <ShelfLabelView key={at} label={label} format={format} />
          ))}
        </section>
      ))}
    </div>
  );
}
