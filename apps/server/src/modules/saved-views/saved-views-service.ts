import {
  type ColumnLayout,
  type FilterPreset,
  type FilterPresetsResponse,
  SAVED_VIEW_LIMITS,
  type SavedViewTable,
  type SaveFilterPresetRequest,
  type ShortcutsResponse,
} from '@spreadscope/contracts';
import type { SavedViewsRepository, StoredPreset, UserRecord } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import type { SettingsService } from '../settings/settings-service.ts';

type ColumnGroup = ColumnLayout['group'];

/**
 * Saved views of the premium and arbitrage tables (spec §7 option/*): column layout, named filter presets
 * and shortcuts. Limits are the server's (SAVED_VIEW_LIMITS), whatever the client shows. Column layouts live
 * in the display settings (preferences.columns), so the settings dialog and this call read one value.
 */
export class SavedViewsService {
  constructor(
    private readonly repo: SavedViewsRepository,
    private readonly settings: SettingsService,
    private readonly now: () => number,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async columns(user: UserRecord, group: ColumnGroup): Promise<ColumnLayout> {
    const saved = await this.settings.get(user);
    return { group, columns: saved.preferences.columns?.[group] ?? null };
  }

  async saveColumns(user: UserRecord, layout: ColumnLayout): Promise<ColumnLayout> {
    const saved = await this.settings.get(user);
    const columns = { ...saved.preferences.columns, [layout.group]: layout.columns };
    await this.settings.update(user, { columns });
    return layout;
  }

  async presets(user: UserRecord, table: SavedViewTable): Promise<FilterPresetsResponse> {
    const presets = (await this.repo.list(user.id, table)).map(present);
    return { table, presets, limits: SAVED_VIEW_LIMITS };
  }

  async savePreset(
    user: UserRecord,
    request: SaveFilterPresetRequest,
  ): Promise<{ created: boolean; answer: FilterPresetsResponse }> {
    const result = await this.repo.save(
      { id: this.newId(), userId: user.id, ...request },
      SAVED_VIEW_LIMITS.presets,
      this.now(),
    );
    if (result === 'limit') {
      throw new ApiError(
        403,
        'limit_reached',
        'limit.filterPresets',
        { max: SAVED_VIEW_LIMITS.presets },
        'name',
      );
    }
    return { created: result === 'added', answer: await this.presets(user, request.table) };
  }

  async deletePreset(user: UserRecord, table: SavedViewTable, id: string): Promise<FilterPresetsResponse> {
    if (!(await this.repo.delete(user.id, table, id))) throw new ApiError(404, 'not_found', 'error.notFound');
    return this.presets(user, table);
  }

  async shortcuts(user: UserRecord, table: SavedViewTable): Promise<ShortcutsResponse> {
    const shortcuts = (await this.repo.list(user.id, table))
      .filter((preset) => preset.shortcut !== null)
      .sort((a, b) => (a.shortcut ?? 0) - (b.shortcut ?? 0))
      .map(present);
    return { table, shortcuts, limits: SAVED_VIEW_LIMITS };
  }

  async replaceShortcuts(
    user: UserRecord,
    table: SavedViewTable,
    presetIds: readonly string[],
  ): Promise<ShortcutsResponse> {
    const ids = [...new Set(presetIds)];
    if (ids.length > SAVED_VIEW_LIMITS.shortcuts) {
      throw new ApiError(
        403,
        'limit_reached',
        'limit.shortcuts',
        { max: SAVED_VIEW_LIMITS.shortcuts },
        'presetIds',
      );
    }
    const unknown = await this.repo.replaceShortcuts(user.id, table, ids);
    if (unknown.length > 0) {
      throw new ApiError(
        400,
        'invalid_parameter',
        'error.invalidParameter',
        { param: 'presetIds', detail: `no saved preset ${unknown[0]?.slice(0, 64)}` },
        'presetIds',
      );
    }
    return this.shortcuts(user, table);
  }
}

function present(preset: StoredPreset): FilterPreset {
  return { ...preset };
}
