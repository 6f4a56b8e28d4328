CREATE TABLE "applied_mutations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"userId" text NOT NULL,
	"status" text NOT NULL,
	"httpStatus" bigint NOT NULL,
	"message" text,
	"result" text,
	"version" bigint,
	"createdAt" text NOT NULL,
	"requestHash" text,
	"happenedAt" text
);
--> statement-breakpoint
CREATE TABLE "canned_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"name" text NOT NULL,
	"linesJson" text DEFAULT '[]' NOT NULL,
	"packagePriceCents" bigint
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"logoUrl" text DEFAULT '' NOT NULL,
	"taxRatePercent" double precision DEFAULT 0 NOT NULL,
	"pricesIncludeTax" smallint DEFAULT 1 NOT NULL,
	"receiptLayout" text DEFAULT 'square' NOT NULL,
	"expenseCategories" text DEFAULT '' NOT NULL,
	"vatNumber" text DEFAULT '' NOT NULL,
	"itemisedReceipt" smallint DEFAULT 0 NOT NULL,
	"roundCash" smallint DEFAULT 0 NOT NULL,
	"whatsappReminderEn" text DEFAULT '' NOT NULL,
	"whatsappReminderSi" text DEFAULT '' NOT NULL,
	"whatsappReminderTa" text DEFAULT '' NOT NULL,
	"whatsappDeclinedEn" text DEFAULT '' NOT NULL,
	"whatsappDeclinedSi" text DEFAULT '' NOT NULL,
	"whatsappDeclinedTa" text DEFAULT '' NOT NULL,
	"whatsappEstimateEn" text DEFAULT '' NOT NULL,
	"whatsappEstimateSi" text DEFAULT '' NOT NULL,
	"whatsappEstimateTa" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_logos" (
	"id" text PRIMARY KEY NOT NULL,
	"dataUrl" text NOT NULL,
	"createdAt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"creditNoteId" text NOT NULL,
	"invoiceId" text NOT NULL,
	"invoiceLineId" text NOT NULL,
	"position" bigint NOT NULL,
	"kind" text NOT NULL,
	"refId" text,
	"name" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitPriceCents" bigint NOT NULL,
	"discountPercent" double precision DEFAULT 0 NOT NULL,
	"totalCents" bigint NOT NULL,
	"taxCents" bigint NOT NULL,
	"disposition" text,
	"supplierName" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"creditNoteNo" text NOT NULL,
	"invoiceId" text NOT NULL,
	"invoiceNo" text NOT NULL,
	"customerId" text,
	"customerName" text DEFAULT '' NOT NULL,
	"date" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"subTotalCents" bigint NOT NULL,
	"taxCents" bigint NOT NULL,
	"totalCents" bigint NOT NULL,
	"reducedDueCents" bigint NOT NULL,
	"refundCents" bigint NOT NULL,
	"refundMethod" text NOT NULL,
	"refundPaymentId" text,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"reviewedById" text,
	"reviewedBy" text DEFAULT '' NOT NULL,
	"reviewedAt" text,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"customerName" text NOT NULL,
	"contactPerson" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"isGuest" smallint DEFAULT 0 NOT NULL,
	"customerType" text DEFAULT 'regular' NOT NULL,
	"vehicles" text DEFAULT '[]' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"noReminders" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"clientId" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"userId" text NOT NULL,
	"createdAt" text NOT NULL,
	"lastContactAt" text,
	"name" text DEFAULT '' NOT NULL,
	"key" text,
	CONSTRAINT "devices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "drawer_moves" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"sessionId" text NOT NULL,
	"register" text NOT NULL,
	"kind" text NOT NULL,
	"amountCents" bigint NOT NULL,
	"reason" text NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawer_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"register" text NOT NULL,
	"status" text NOT NULL,
	"floatCents" bigint NOT NULL,
	"createdAt" text NOT NULL,
	"openedById" text NOT NULL,
	"openedBy" text NOT NULL,
	"closedAt" text,
	"closedById" text,
	"closedBy" text DEFAULT '' NOT NULL,
	"zNumber" text DEFAULT '' NOT NULL,
	"countJson" text DEFAULT '' NOT NULL,
	"countedCents" bigint DEFAULT 0 NOT NULL,
	"expectedCents" bigint DEFAULT 0 NOT NULL,
	"differenceCents" bigint DEFAULT 0 NOT NULL,
	"differenceReason" text DEFAULT '' NOT NULL,
	"takingsJson" text DEFAULT '' NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"estimateId" text NOT NULL,
	"kind" text NOT NULL,
	"refId" text,
	"name" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitPriceCents" bigint NOT NULL,
	"totalCents" bigint NOT NULL,
	"warranty" text DEFAULT '' NOT NULL,
	"warrantyMonths" bigint DEFAULT 0 NOT NULL,
	"quickAdded" smallint DEFAULT 0 NOT NULL,
	"decision" text NOT NULL,
	"decidedAt" text,
	"createdAt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"estimateNumber" text NOT NULL,
	"customerId" text NOT NULL,
	"customerName" text NOT NULL,
	"customerPhone" text DEFAULT '' NOT NULL,
	"vehicleLicensePlate" text NOT NULL,
	"plateKey" text NOT NULL,
	"vehicleMake" text DEFAULT '' NOT NULL,
	"vehicleModel" text DEFAULT '' NOT NULL,
	"currentMileage" bigint,
	"validUntil" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"jobCardId" text,
	"decidedAt" text,
	"decidedBy" text DEFAULT '' NOT NULL,
	"createdAt" text NOT NULL,
	"createdBy" text NOT NULL,
	"lastEditBy" text DEFAULT '' NOT NULL,
	"lastEditClient" text DEFAULT '' NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"date" text NOT NULL,
	"category" text NOT NULL,
	"amountCents" bigint NOT NULL,
	"paidFrom" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"correctionOf" text,
	"register" text DEFAULT '' NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"reviewedById" text,
	"reviewedBy" text DEFAULT '' NOT NULL,
	"reviewedAt" text,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_edits" (
	"tableName" text NOT NULL,
	"rowId" text NOT NULL,
	"field" text NOT NULL,
	"at" text NOT NULL,
	"receivedAt" text NOT NULL,
	"mutationId" text NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	CONSTRAINT "field_edits_tableName_rowId_field_pk" PRIMARY KEY("tableName","rowId","field")
);
--> statement-breakpoint
CREATE TABLE "goods_receipt_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"receiptId" text NOT NULL,
	"orderId" text NOT NULL,
	"orderLineId" text,
	"position" bigint NOT NULL,
	"itemId" text NOT NULL,
	"itemName" text NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitCostCents" bigint DEFAULT 0 NOT NULL,
	"issue" text DEFAULT '' NOT NULL,
	"returnedHundredths" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"orderId" text NOT NULL,
	"orderNo" text NOT NULL,
	"supplierId" text NOT NULL,
	"supplierName" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"totalCents" bigint DEFAULT 0 NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"register" text DEFAULT '' NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"reviewedById" text,
	"reviewedBy" text DEFAULT '' NOT NULL,
	"reviewedAt" text
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"invoiceId" text NOT NULL,
	"position" bigint NOT NULL,
	"kind" text NOT NULL,
	"refId" text,
	"name" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitPriceCents" bigint NOT NULL,
	"discountPercent" double precision DEFAULT 0 NOT NULL,
	"totalCents" bigint NOT NULL,
	"taxCents" bigint NOT NULL,
	"warrantyMonths" bigint DEFAULT 0 NOT NULL,
	"costCents" bigint
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"invoiceNo" text NOT NULL,
	"date" text NOT NULL,
	"customerId" text,
	"guest" smallint DEFAULT 0 NOT NULL,
	"customerName" text DEFAULT '' NOT NULL,
	"customerPhone" text DEFAULT '' NOT NULL,
	"customerAddress" text DEFAULT '' NOT NULL,
	"jobCardId" text,
	"vehicleLicensePlate" text DEFAULT '' NOT NULL,
	"vehicleMake" text DEFAULT '' NOT NULL,
	"vehicleModel" text DEFAULT '' NOT NULL,
	"currentMileage" bigint,
	"taxRatePercent" double precision DEFAULT 0 NOT NULL,
	"pricesIncludeTax" smallint DEFAULT 1 NOT NULL,
	"grossCents" bigint NOT NULL,
	"discountCents" bigint NOT NULL,
	"subTotalCents" bigint NOT NULL,
	"taxCents" bigint NOT NULL,
	"totalCents" bigint NOT NULL,
	"roundingCents" bigint DEFAULT 0 NOT NULL,
	"soldById" text NOT NULL,
	"soldBy" text NOT NULL,
	"createdAt" text NOT NULL,
	"paidCents" bigint DEFAULT 0 NOT NULL,
	"dueCents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Due' NOT NULL,
	"returnedCents" bigint DEFAULT 0 NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"duplicateOfId" text,
	"reviewedById" text,
	"reviewedBy" text DEFAULT '' NOT NULL,
	"reviewedAt" text,
	"openingBalance" smallint DEFAULT 0 NOT NULL,
	"dueDate" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"itemName" text NOT NULL,
	"barcode" text NOT NULL,
	"categoryId" text,
	"unitPriceCents" bigint DEFAULT 0 NOT NULL,
	"costPriceCents" bigint DEFAULT 0 NOT NULL,
	"stockHundredths" bigint DEFAULT 0 NOT NULL,
	"reorderLevel" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"isService" smallint DEFAULT 0 NOT NULL,
	"warrantyMonths" bigint DEFAULT 0 NOT NULL,
	"supplierId" text,
	"supplierPartNo" text DEFAULT '' NOT NULL,
	"lastCostCents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"jobNumber" text,
	"customerId" text NOT NULL,
	"customerName" text DEFAULT '' NOT NULL,
	"customerPhone" text DEFAULT '' NOT NULL,
	"vehicleLicensePlate" text NOT NULL,
	"vehicleMake" text DEFAULT '' NOT NULL,
	"vehicleModel" text DEFAULT '' NOT NULL,
	"currentMileage" bigint DEFAULT 0 NOT NULL,
	"previousMileage" bigint,
	"dateIn" text NOT NULL,
	"jobType" text DEFAULT '' NOT NULL,
	"promisedDate" text DEFAULT '' NOT NULL,
	"promisedTime" text DEFAULT '' NOT NULL,
	"actionTaken" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"mechanicId" text,
	"mechanicName" text DEFAULT '' NOT NULL,
	"invoiceId" text,
	"invoiceNo" text,
	"createdAt" text NOT NULL,
	"finishedAt" text
);
--> statement-breakpoint
CREATE TABLE "job_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"jobCardId" text NOT NULL,
	"kind" text NOT NULL,
	"refId" text,
	"name" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitPriceCents" bigint NOT NULL,
	"totalCents" bigint NOT NULL,
	"warranty" text DEFAULT '' NOT NULL,
	"warrantyMonths" bigint DEFAULT 0 NOT NULL,
	"quickAdded" smallint DEFAULT 0 NOT NULL,
	"createdAt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"jobCardId" text NOT NULL,
	"fromStatus" text,
	"toStatus" text NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"at" text NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"userId" text NOT NULL,
	"message" text NOT NULL,
	"recordTable" text NOT NULL,
	"recordId" text NOT NULL,
	"createdAt" text NOT NULL,
	"dismissed" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"invoiceId" text NOT NULL,
	"customerId" text,
	"amountCents" bigint NOT NULL,
	"tenderedCents" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"bulkId" text,
	"register" text DEFAULT '' NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"reviewedById" text,
	"reviewedBy" text DEFAULT '' NOT NULL,
	"reviewedAt" text
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"orderId" text NOT NULL,
	"position" bigint NOT NULL,
	"itemId" text NOT NULL,
	"itemName" text NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"supplierPartNo" text DEFAULT '' NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitCostCents" bigint DEFAULT 0 NOT NULL,
	"cancelledHundredths" bigint DEFAULT 0 NOT NULL,
	"receivedHundredths" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"orderNo" text NOT NULL,
	"supplierId" text NOT NULL,
	"supplierName" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"totalCents" bigint DEFAULT 0 NOT NULL,
	"createdAt" text NOT NULL,
	"createdById" text NOT NULL,
	"createdBy" text NOT NULL,
	"orderedAt" text
);
--> statement-breakpoint
CREATE TABLE "service_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"customerId" text NOT NULL,
	"vehicleLicensePlate" text NOT NULL,
	"customerName" text NOT NULL,
	"customerPhone" text DEFAULT '' NOT NULL,
	"dueDate" text NOT NULL,
	"services" text NOT NULL,
	"kmPerDay" double precision NOT NULL,
	"lastVisit" text NOT NULL,
	"lastMileage" bigint,
	"remind" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"serviceId" text,
	"name" text NOT NULL,
	"priceCents" bigint DEFAULT 0 NOT NULL,
	"intervalMonths" bigint,
	"intervalKm" bigint
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"itemId" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"reason" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"mutationId" text NOT NULL,
	"userId" text NOT NULL,
	"createdAt" text NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_bill_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"billId" text NOT NULL,
	"supplierId" text NOT NULL,
	"receiptId" text NOT NULL,
	"receiptLineId" text NOT NULL,
	"position" bigint NOT NULL,
	"itemId" text NOT NULL,
	"itemName" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitCostCents" bigint NOT NULL,
	"amountCents" bigint NOT NULL,
	"receivedCents" bigint NOT NULL,
	"differs" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_bills" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"supplierId" text NOT NULL,
	"supplierName" text DEFAULT '' NOT NULL,
	"billNo" text NOT NULL,
	"billDate" text NOT NULL,
	"dueDate" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"totalCents" bigint DEFAULT 0 NOT NULL,
	"receivedCents" bigint DEFAULT 0 NOT NULL,
	"differs" smallint DEFAULT 0 NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"supplierId" text NOT NULL,
	"supplierName" text DEFAULT '' NOT NULL,
	"billId" text,
	"amountCents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sessionId" text,
	"register" text DEFAULT '' NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_return_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"returnId" text NOT NULL,
	"receiptId" text NOT NULL,
	"receiptLineId" text NOT NULL,
	"position" bigint NOT NULL,
	"itemId" text NOT NULL,
	"itemName" text NOT NULL,
	"quantityHundredths" bigint NOT NULL,
	"unitCostCents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"receiptId" text NOT NULL,
	"orderId" text NOT NULL,
	"orderNo" text DEFAULT '' NOT NULL,
	"supplierId" text NOT NULL,
	"supplierName" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"totalCents" bigint DEFAULT 0 NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"createdAt" text NOT NULL,
	"register" text DEFAULT '' NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL,
	"reviewState" text DEFAULT '' NOT NULL,
	"reviewReason" text DEFAULT '' NOT NULL,
	"reviewedById" text,
	"reviewedBy" text DEFAULT '' NOT NULL,
	"reviewedAt" text
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"name" text NOT NULL,
	"contactPerson" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"paymentTermsDays" bigint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_history" (
	"id" text PRIMARY KEY NOT NULL,
	"taxRatePercent" double precision NOT NULL,
	"pricesIncludeTax" smallint NOT NULL,
	"effectiveAt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"tokenHash" text PRIMARY KEY NOT NULL,
	"userId" text NOT NULL,
	"createdAt" text NOT NULL,
	"expiresAt" bigint NOT NULL,
	"revokedAt" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phoneNo" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"passwordHash" text NOT NULL,
	"createdAt" text NOT NULL,
	"updatedAt" text NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "version_log" (
	"version" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "version_log_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nonce" text NOT NULL,
	"mutationId" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_log" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"updatedAt" text NOT NULL,
	"customerId" text NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"refId" text NOT NULL,
	"userId" text NOT NULL,
	"userName" text NOT NULL,
	"at" text NOT NULL,
	"receivedAt" text DEFAULT '' NOT NULL,
	"clockAheadMs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "canned_jobs_version" ON "canned_jobs" USING btree ("version");--> statement-breakpoint
CREATE INDEX "categories_version" ON "categories" USING btree ("version");--> statement-breakpoint
CREATE INDEX "company_version" ON "company" USING btree ("version");--> statement-breakpoint
CREATE INDEX "credit_note_lines_version" ON "credit_note_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "credit_note_lines_credit_note" ON "credit_note_lines" USING btree ("creditNoteId");--> statement-breakpoint
CREATE INDEX "credit_note_lines_invoice" ON "credit_note_lines" USING btree ("invoiceId");--> statement-breakpoint
CREATE INDEX "credit_notes_version" ON "credit_notes" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number" ON "credit_notes" USING btree ("creditNoteNo");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice" ON "credit_notes" USING btree ("invoiceId");--> statement-breakpoint
CREATE INDEX "credit_notes_date" ON "credit_notes" USING btree ("date");--> statement-breakpoint
CREATE INDEX "customers_version" ON "customers" USING btree ("version");--> statement-breakpoint
CREATE INDEX "drawer_moves_version" ON "drawer_moves" USING btree ("version");--> statement-breakpoint
CREATE INDEX "drawer_moves_session" ON "drawer_moves" USING btree ("sessionId");--> statement-breakpoint
CREATE INDEX "drawer_sessions_version" ON "drawer_sessions" USING btree ("version");--> statement-breakpoint
CREATE INDEX "drawer_sessions_register_time" ON "drawer_sessions" USING btree ("register","createdAt","id");--> statement-breakpoint
CREATE INDEX "drawer_sessions_z" ON "drawer_sessions" USING btree ("zNumber");--> statement-breakpoint
CREATE INDEX "estimate_lines_version" ON "estimate_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "estimate_lines_estimate" ON "estimate_lines" USING btree ("estimateId");--> statement-breakpoint
CREATE INDEX "estimates_version" ON "estimates" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_number" ON "estimates" USING btree ("estimateNumber");--> statement-breakpoint
CREATE INDEX "estimates_plate" ON "estimates" USING btree ("plateKey");--> statement-breakpoint
CREATE INDEX "expenses_version" ON "expenses" USING btree ("version");--> statement-breakpoint
CREATE INDEX "expenses_date" ON "expenses" USING btree ("date");--> statement-breakpoint
CREATE INDEX "expenses_correction" ON "expenses" USING btree ("correctionOf");--> statement-breakpoint
CREATE INDEX "expenses_register" ON "expenses" USING btree ("register","createdAt");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_version" ON "goods_receipt_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_receipt" ON "goods_receipt_lines" USING btree ("receiptId");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_item" ON "goods_receipt_lines" USING btree ("itemId");--> statement-breakpoint
CREATE INDEX "goods_receipts_version" ON "goods_receipts" USING btree ("version");--> statement-breakpoint
CREATE INDEX "goods_receipts_order" ON "goods_receipts" USING btree ("orderId");--> statement-breakpoint
CREATE INDEX "goods_receipts_supplier" ON "goods_receipts" USING btree ("supplierId","createdAt");--> statement-breakpoint
CREATE INDEX "goods_receipts_created" ON "goods_receipts" USING btree ("createdAt");--> statement-breakpoint
CREATE INDEX "invoice_lines_version" ON "invoice_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice" ON "invoice_lines" USING btree ("invoiceId","position");--> statement-breakpoint
CREATE INDEX "invoices_version" ON "invoices" USING btree ("version");--> statement-breakpoint
CREATE INDEX "invoices_status_date" ON "invoices" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_no" ON "invoices" USING btree ("invoiceNo");--> statement-breakpoint
CREATE INDEX "invoices_customer_date" ON "invoices" USING btree ("customerId","date");--> statement-breakpoint
CREATE INDEX "invoices_job" ON "invoices" USING btree ("jobCardId");--> statement-breakpoint
CREATE INDEX "invoices_date" ON "invoices" USING btree ("date");--> statement-breakpoint
CREATE INDEX "items_version" ON "items" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "items_barcode_live" ON "items" USING btree ("barcode") WHERE "deleted" = 0;--> statement-breakpoint
CREATE INDEX "items_stock" ON "items" USING btree ("stockHundredths");--> statement-breakpoint
CREATE INDEX "job_cards_version" ON "job_cards" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "job_cards_job_number" ON "job_cards" USING btree ("jobNumber");--> statement-breakpoint
CREATE INDEX "job_cards_status_date" ON "job_cards" USING btree ("status","dateIn");--> statement-breakpoint
CREATE INDEX "job_cards_plate_date" ON "job_cards" USING btree ("vehicleLicensePlate","dateIn");--> statement-breakpoint
CREATE INDEX "job_cards_customer" ON "job_cards" USING btree ("customerId");--> statement-breakpoint
CREATE INDEX "job_cards_date" ON "job_cards" USING btree ("dateIn");--> statement-breakpoint
CREATE INDEX "job_cards_finished" ON "job_cards" USING btree ("finishedAt");--> statement-breakpoint
CREATE INDEX "job_lines_version" ON "job_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "job_lines_job" ON "job_lines" USING btree ("jobCardId");--> statement-breakpoint
CREATE INDEX "job_status_changes_version" ON "job_status_changes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "job_status_changes_job" ON "job_status_changes" USING btree ("jobCardId");--> statement-breakpoint
CREATE INDEX "notices_version" ON "notices" USING btree ("version");--> statement-breakpoint
CREATE INDEX "payments_version" ON "payments" USING btree ("version");--> statement-breakpoint
CREATE INDEX "payments_invoice" ON "payments" USING btree ("invoiceId");--> statement-breakpoint
CREATE INDEX "payments_date" ON "payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "payments_bulk" ON "payments" USING btree ("bulkId");--> statement-breakpoint
CREATE INDEX "payments_register" ON "payments" USING btree ("register","createdAt");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_version" ON "purchase_order_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order" ON "purchase_order_lines" USING btree ("orderId","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_item" ON "purchase_order_lines" USING btree ("itemId");--> statement-breakpoint
CREATE INDEX "purchase_orders_version" ON "purchase_orders" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_order_no" ON "purchase_orders" USING btree ("orderNo");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier" ON "purchase_orders" USING btree ("supplierId","createdAt");--> statement-breakpoint
CREATE INDEX "purchase_orders_created" ON "purchase_orders" USING btree ("createdAt");--> statement-breakpoint
CREATE INDEX "service_reminders_version" ON "service_reminders" USING btree ("version");--> statement-breakpoint
CREATE INDEX "service_reminders_due" ON "service_reminders" USING btree ("dueDate");--> statement-breakpoint
CREATE INDEX "service_reminders_customer" ON "service_reminders" USING btree ("customerId");--> statement-breakpoint
CREATE INDEX "services_version" ON "services" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "services_service_id" ON "services" USING btree ("serviceId");--> statement-breakpoint
CREATE INDEX "stock_movements_version" ON "stock_movements" USING btree ("version");--> statement-breakpoint
CREATE INDEX "stock_movements_item" ON "stock_movements" USING btree ("itemId","version");--> statement-breakpoint
CREATE INDEX "supplier_bill_lines_version" ON "supplier_bill_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "supplier_bill_lines_bill" ON "supplier_bill_lines" USING btree ("billId");--> statement-breakpoint
CREATE INDEX "supplier_bill_lines_receipt_line" ON "supplier_bill_lines" USING btree ("receiptLineId");--> statement-breakpoint
CREATE INDEX "supplier_bills_version" ON "supplier_bills" USING btree ("version");--> statement-breakpoint
CREATE INDEX "supplier_bills_supplier" ON "supplier_bills" USING btree ("supplierId","billDate");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_number" ON "supplier_bills" USING btree ("supplierId","billNo");--> statement-breakpoint
CREATE INDEX "supplier_payments_version" ON "supplier_payments" USING btree ("version");--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier" ON "supplier_payments" USING btree ("supplierId","createdAt");--> statement-breakpoint
CREATE INDEX "supplier_payments_bill" ON "supplier_payments" USING btree ("billId");--> statement-breakpoint
CREATE INDEX "supplier_return_lines_version" ON "supplier_return_lines" USING btree ("version");--> statement-breakpoint
CREATE INDEX "supplier_return_lines_return" ON "supplier_return_lines" USING btree ("returnId");--> statement-breakpoint
CREATE INDEX "supplier_return_lines_receipt_line" ON "supplier_return_lines" USING btree ("receiptLineId");--> statement-breakpoint
CREATE INDEX "supplier_returns_version" ON "supplier_returns" USING btree ("version");--> statement-breakpoint
CREATE INDEX "supplier_returns_receipt" ON "supplier_returns" USING btree ("receiptId");--> statement-breakpoint
CREATE INDEX "supplier_returns_supplier" ON "supplier_returns" USING btree ("supplierId","createdAt");--> statement-breakpoint
CREATE INDEX "suppliers_version" ON "suppliers" USING btree ("version");--> statement-breakpoint
CREATE INDEX "tax_history_effective" ON "tax_history" USING btree ("effectiveAt");--> statement-breakpoint
CREATE INDEX "tokens_user" ON "tokens" USING btree ("userId");--> statement-breakpoint
CREATE INDEX "whatsapp_log_version" ON "whatsapp_log" USING btree ("version");--> statement-breakpoint
CREATE INDEX "whatsapp_log_ref" ON "whatsapp_log" USING btree ("refId");--> statement-breakpoint
CREATE INDEX "whatsapp_log_customer" ON "whatsapp_log" USING btree ("customerId");