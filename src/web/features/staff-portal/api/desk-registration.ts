import { useMutation } from '@tanstack/react-query';
import { deskRegistrationApi, type DeskRegistrationRequest, type DuplicateCheckRequest } from '../../../../contracts/desk-registration';
import { callRoute } from '../../../lib/api-routes';

// Registering a walk-in patient: the possible duplicates first, then the patient.

export function useDuplicateCheck() {
  return useMutation({
    mutationFn: (body: DuplicateCheckRequest) => callRoute(deskRegistrationApi.duplicates, { body }).then((answer) => answer.data),
  });
}

export function useRegisterWalkIn() {
  return useMutation({
    mutationFn: (body: DeskRegistrationRequest) => callRoute(deskRegistrationApi.register, { body }).then((answer) => answer.data),
  });
}
