import type { CrudDefinition } from '../crud/crud-definition.ts';
import type { ListDefinition } from '../list-engine/list-definition.ts';
import { adReportList } from './ad-reports/ad-report-list.ts';
import { adCrud } from './ads/ad-crud.ts';
import { adList } from './ads/ad-list.ts';
import { adSearchList } from './ads/ad-search-list.ts';
import { adStatusList } from './ads/ad-status-list.ts';
import { memberAdList } from './ads/member-ad-list.ts';
import { reviewQueueList } from './ads/review-queue.ts';
import { auditList } from './audit/audit-list.ts';
import { cityCrud } from './cities/city-crud.ts';
import { cityList } from './cities/city-list.ts';
import { countryCrud } from './countries/country-crud.ts';
import { countryList } from './countries/country-list.ts';
import { creditPriceCrud } from './credit-prices/credit-price-crud.ts';
import { creditPriceHistoryList, creditPriceList } from './credit-prices/credit-price-list.ts';
import { currencyCrud } from './currencies/currency-crud.ts';
import { currencyList } from './currencies/currency-list.ts';
import { dayCrud } from './days/day-crud.ts';
import { dayList } from './days/day-list.ts';
import { leadTransactionList } from './lead-transactions/lead-transaction-list.ts';
import { leadList } from './leads/lead-list.ts';
import { memberLeadList } from './leads/member-lead-list.ts';
import { memberInboxList } from './me/member-inbox-list.ts';
import { memberLedgerList } from './me/member-ledger-list.ts';
import { notificationList } from './notifications/notification-list.ts';
import { memberRefundRequestList, refundRequestList } from './refund-requests/refund-request-list.ts';
import { rejectionReasonCrud } from './rejection-reasons/rejection-reason-crud.ts';
import { rejectionReasonList } from './rejection-reasons/rejection-reason-list.ts';
import { roleList } from './roles/role-list.ts';
import { savedViewCrud } from './saved-views/saved-view-crud.ts';
import { savedViewList } from './saved-views/saved-view-list.ts';
import { serviceCrud } from './services/service-crud.ts';
import { serviceChoiceList, serviceCreditHistoryList } from './services/service-list.ts';
import { transactionList } from './transactions/transaction-list.ts';
import { userTypeCrud } from './user-types/user-type-crud.ts';
import { userTypeList } from './user-types/user-type-list.ts';
import { userCrud } from './users/user-crud.ts';
import { userList } from './users/user-list.ts';
import { userPickerList } from './users/user-picker-list.ts';

/** Every resource served by the generic list engine. */
export const LISTS: readonly ListDefinition<{ id: number }>[] = [
  userList,
  userPickerList,
  roleList,
  userTypeList,
  countryList,
  cityList,
  currencyList,
  dayList,
  creditPriceList,
  creditPriceHistoryList,
  leadTransactionList,
  transactionList,
  serviceCreditHistoryList,
  serviceChoiceList,
  adList,
  reviewQueueList,
  adStatusList,
  memberAdList,
  adSearchList,
  leadList,
  memberLeadList,
  notificationList,
  memberLedgerList,
  memberInboxList,
  refundRequestList,
  memberRefundRequestList,
  adReportList,
  rejectionReasonList,
  auditList,
  savedViewList,
];

/** Every resource served by the generic store / update / destroy routes. */
export const CRUDS: readonly CrudDefinition<{ id: number }, Record<string, unknown>>[] = [
  countryCrud,
  cityCrud,
  userTypeCrud,
  currencyCrud,
  dayCrud,
  creditPriceCrud,
  userCrud,
  serviceCrud,
  adCrud,
  rejectionReasonCrud,
  savedViewCrud,
];
