import type {
  TAuthResponse,
  TLoginRequest,
  TLoginResponse,
  TRegisterRequest,
  TSuccessResponse,
  TUser,
} from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const fetchMe = () => api<TUser>('/api/auth/me');

export const postLogin = (body: TLoginRequest) =>
  api<TLoginResponse>('/api/auth/login', { method: 'POST', body, isAuthAttempt: true });

export const postRegister = (body: TRegisterRequest) =>
  api<TAuthResponse>('/api/auth/register', { method: 'POST', body, isAuthAttempt: true });

export const postLogout = () =>
  api<TSuccessResponse>('/api/auth/logout', { method: 'POST', isAuthAttempt: true });
