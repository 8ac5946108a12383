import { addressesApi } from '@antique/shared/routes';
import type { Address, AddressInput } from '@antique/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { call } from '../../lib/request';

export const addressListKey = ['address', 'list'] as const;

/** Every address, the default first. */
export function fetchAddresses(): Promise<Address[]> {
  return call(addressesApi.list, {});
}

export function useAddressesQuery() {
  return useQuery({ queryKey: addressListKey, queryFn: fetchAddresses, staleTime: 0 });
}

/** Adds (no id) or edits one; the server fills in the region names. */
export function saveAddress(input: AddressInput): Promise<Address> {
  return call(addressesApi.save, input);
}

/** When it was the default, the newest remaining one becomes it. */
export function deleteAddress(id: number): Promise<null> {
  return call(addressesApi.remove, { id });
}

const refreshList = () => queryClient.invalidateQueries({ queryKey: ['address'] });

export function useSaveAddressMutation() {
  return useMutation({ mutationFn: saveAddress, onSuccess: refreshList });
}

export function useDeleteAddressMutation() {
  return useMutation({ mutationFn: deleteAddress, onSuccess: refreshList });
}

/** The input that makes an existing address the default, unchanged otherwise. */
export function asDefault(address: Address): AddressInput {
  return {
    id: address.id,
    name: address.name,
    phone: address.phone,
    regionCode: address.regionCode,
    detail: address.detail,
    isDefault: true,
  };
}
