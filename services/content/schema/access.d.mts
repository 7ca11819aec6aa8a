// Types of what TypeScript callers (the extensions) use of schema/access.mjs.

export declare const ids: {
  storefrontRole: string;
  storefrontPolicy: string;
  storefrontUser: string;
  agentRole: string;
  agentPolicy: string;
  flow: string;
  flowPayloadOperation: string;
  flowRequestOperation: string;
  publicFolder: string;
  precheckinFolder: string;
  jobApplicationsFolder: string;
};

export declare const STOREFRONT_EMAIL: string;

/** Written only by POST /booking/reservations, never by the storefront at /items. */
export declare const CORPORATE_RESERVATION_FIELDS: ['corporate_account', 'agent'];
