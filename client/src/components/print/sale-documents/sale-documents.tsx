import type { JSX } from 'react';
import { InvoiceDocument } from './invoice-document';
import { ReceiptDocument } from './receipt-document';
import { WarrantyCertificate } from './warranty-certificate';
import type { SaleDocument, SaleDocumentsData } from './sale-documents-data';

const components: Record<SaleDocument, (props: { data: SaleDocumentsData }) => JSX.Element> = {
  invoice: InvoiceDocument,
  receipt: ReceiptDocument,
  warranty: WarrantyCertificate,
};

/** The chosen documents of one sale, in order; each starts a page of its own size (print.css). */
export function SaleDocuments({ data, documents }: { data: SaleDocumentsData; documents: readonly SaleDocument[] }) {
  return (
    <>
      {documents.map((document) => {
        const Document = components[document];
        return <Document key={document} data={data} />;
      })}
    </>
  );
}
