import {
  type TLoginRequest,
  type TRegisterRequest,
  ZAuthResponse,
  ZLoginResponse,
} from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postLogin = (body: TLoginRequest) =>
  api('/api/auth/login', {
    method: 'POST',
    body,
    isAuthAttempt: true,
    schema: ZLoginResponse,
  });

export const postRegister = (body: TRegisterRequest) =>
  api('/api/auth/register', {
    method: 'POST',
    body,
    isAuthAttempt: true,
    schema: ZAuthResponse,
  });
