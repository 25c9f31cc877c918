import { createContext, useContext } from 'react';

/** The part of the console a page belongs to, for the tab's title ("Deployments · Dashboard"). */
export const ProductNameContext = createContext('Expert console');
export const useProductName = (): string => useContext(ProductNameContext);
