// Types of what TypeScript callers (the extensions) use of schema/access.mjs.

export declare const ids: {
  storefrontRole: string;
  storefrontPolicy: string;
  storefrontUser: string;
  agentRole: string;
  agentPolicy: string;
  counterRole: string;
  counterPolicy: string;
  flow: string;
  flowPayloadOperation: string;
  flowRequestOperation: string;
  publicFolder: string;
  precheckinFolder: string;
  jobApplicationsFolder: string;
  counterPhotosFolder: string;
};

export declare const STOREFRONT_EMAIL: string;

/** Written only by POST /booking/reservations, once the agent and company are checked. */
export declare const CORPORATE_RESERVATION_FIELDS: ['corporate_account', 'agent'];

/** Collections with renters' personal data: no permission of the Storefront policy on any of them. */
export declare const RENTER_DATA_COLLECTIONS: string[];
