/** The product's name: every title and heading reads it from here. */
export const PRODUCT_NAME = "Utsav";
export const CONTACT_EMAIL = "hello@utsav.app";
