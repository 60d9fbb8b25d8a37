import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { endpoints as ep, type DashboardPeriod, type ExportBody } from '@zalik/contract';
import { call } from '../../api/client';
import { qkDashboard } from '../../api/dashboardKeys';

// While another period loads, the previous one stays on screen: the cards do not blink.
const keep = { placeholderData: keepPreviousData };

export const useFigures = (period: DashboardPeriod) =>
  useQuery({ queryKey: qkDashboard.figures(period), queryFn: () => call(ep.dashboardFigures, { query: { period } }), ...keep });

export const useBacklog = (period: DashboardPeriod) =>
  useQuery({ queryKey: qkDashboard.backlog(period), queryFn: () => call(ep.dashboardBacklog, { query: { period } }), ...keep });

export const useDaily = () => useQuery({ queryKey: qkDashboard.daily(), queryFn: () => call(ep.dashboardDaily, {}) });

export const useTop = (period: DashboardPeriod) =>
  useQuery({ queryKey: qkDashboard.top(period), queryFn: () => call(ep.dashboardTop, { query: { period } }), ...keep });

export const useDevelopers = (period: DashboardPeriod) =>
  useQuery({ queryKey: qkDashboard.developers(period), queryFn: () => call(ep.dashboardDevelopers, { query: { period } }), ...keep });

/** A short-lived signed link to a CSV (Telegram downloads it without our token). */
export const useExportLink = () => useMutation({ mutationFn: (body: ExportBody) => call(ep.createExport, { body }) });
