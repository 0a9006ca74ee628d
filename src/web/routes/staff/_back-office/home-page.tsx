import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type {
  StaffHomeTile,
  StaffHomeTileFields,
  StaffPromotionBanner,
  StaffPromotionBannerFields,
} from '../../../../contract/staff-home-content';
import { homeMerchandiseQuery, homePromotionBannerQuery } from '../../../api/queries/home';
import {
  staffHomeTilesKey,
  staffHomeTilesQuery,
  staffPromotionBannerKey,
  staffPromotionBannerQuery,
} from '../../../api/queries/staff';
import { ContentListPage } from '../../../components/back-office/content-list-page';
import {
  EMPTY_TILE,
  HomeTileForm,
  PromotionBannerForm,
  draftOfBanner,
  draftOfTile,
} from '../../../components/back-office/home-content-forms';
import { RowEditDelete } from '../../../components/back-office/row-edit-delete';
import { formatLongDateTime } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/home-page')({
  staticData: { title: 'Home page', crumb: 'Home page' },
  component: HomePageContent,
});

/** What a change refreshes: the staff lists, and the home page's own queries, which show the same banner and tiles. */
function useHomeContentChanged() {
  const api = useApi();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffPromotionBannerKey }),
      queryClient.invalidateQueries({ queryKey: staffHomeTilesKey }),
      queryClient.invalidateQueries({ queryKey: homePromotionBannerQuery(api).queryKey }),
      queryClient.invalidateQueries({ queryKey: homeMerchandiseQuery(api).queryKey }),
    ]);
}

function HomePageContent() {
  return (
    <div className="space-y-12">
      <BannerSection />
      <TilesSection />
    </div>
  );
}

const when = (instant: string | null) => (instant ? formatLongDateTime(instant) : 'Open');

/** One banner: the list shows it (or none), and the form below always edits it, or sets one where there is none. */
function BannerSection() {
  const api = useApi();
  const banner = useQuery({ ...staffPromotionBannerQuery(api), select: (found) => (found ? [found] : []) });
  const current = banner.data?.[0] ?? null;
  const changed = useHomeContentChanged();
  const save = useMutation({
    mutationFn: (body: StaffPromotionBannerFields) => api.call('staffPromotionBannerSave', { body }),
    onSuccess: changed,
  });
  return (
    <ContentListPage
      intro="Visitors see the promotion banner at the top of the home page while its window is open. A change reaches them within 5 seconds."
      list={banner}
      listId="promotion-banner"
      listHeading="Promotion banner"
      loading="Loading the banner…"
      empty="No banner. The home page shows none."
      rows={(rows) => rows.map((row) => <BannerSummary key={row.id} banner={row} />)}
      formId="promotion-banner-form"
      formHeading={current ? 'Edit the banner' : 'Set a banner'}
      editing={null}
      form={
        banner.isPending ? null : (
          <>
            {save.isSuccess ? (
              <p role="status" className="text-sm font-semibold text-green-800">
                Saved the banner.
              </p>
            ) : null}
            <PromotionBannerForm
              key={current ? `${current.id}-${banner.dataUpdatedAt}` : 'none'}
              initial={draftOfBanner(current)}
              submitLabel="Save the banner"
              pending={save.isPending}
              error={save.error}
              onSubmit={(body) => save.mutate(body)}
            />
          </>
        )
      }
    />
  );
}

function BannerSummary({ banner }: { banner: StaffPromotionBanner }) {
  const api = useApi();
  const changed = useHomeContentChanged();
  const clear = useMutation({
    mutationFn: () => api.call('staffPromotionBannerClear', { body: {} }),
    onSuccess: changed,
  });
  return (
    <div className="flex flex-wrap items-start gap-4">
      <img
        src={banner.picture.imageUrl}
        alt={banner.picture.alternateText}
        className="max-h-32 rounded border border-black/10"
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Title</dt>
        <dd>{banner.picture.title}</dd>
        <dt className="font-semibold">Link</dt>
        <dd>{banner.linkUrl}</dd>
        <dt className="font-semibold">Start</dt>
        <dd>{when(banner.startDate)}</dd>
        <dt className="font-semibold">End</dt>
        <dd>{when(banner.endDate)}</dd>
        <dt className="font-semibold">Showing now</dt>
        <dd>{banner.showingNow ? 'Yes' : 'No'}</dd>
      </dl>
      <RowEditDelete
        named={`the banner “${banner.picture.title}”`}
        question="Clear the banner? The home page shows none."
        // The form below always edits the banner: Edit takes keyboard users to it.
        onEdit={() => document.getElementById('promotion-banner-form')?.focus()}
        remove={clear}
      />
    </div>
  );
}

function TilesSection() {
  const api = useApi();
  const list = useQuery(staffHomeTilesQuery(api));
  // null: the form adds a tile; otherwise it edits this one.
  const [editing, setEditing] = useState<StaffHomeTile | null>(null);
  return (
    <ContentListPage
      intro="The merchandise tiles show below the banner, lowest sort order first. A change reaches visitors within 5 seconds."
      list={list}
      listId="home-tiles"
      listHeading="Merchandise tiles"
      loading="Loading the tiles…"
      empty="No tiles. The home page shows none."
      rows={(tiles) => <TilesTable tiles={tiles} onEdit={setEditing} />}
      formId="home-tile-form"
      formHeading={editing ? `Edit the tile ${editing.title}` : 'New tile'}
      editing={editing}
      form={editing ? <EditTile key={editing.id} tile={editing} onDone={() => setEditing(null)} /> : <CreateTile />}
    />
  );
}

function CreateTile() {
  const api = useApi();
  const changed = useHomeContentChanged();
  // A new key after each tile added empties the form for the next.
  const [round, setRound] = useState(0);
  const create = useMutation({
    mutationFn: (body: StaffHomeTileFields) => api.call('staffHomeTileSave', { body: { ...body, id: null } }),
    onSuccess: async () => {
      await changed();
      setRound(round + 1);
    },
  });
  return (
    <>
      {create.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Added {create.data.title}.
        </p>
      ) : null}
      <HomeTileForm
        key={round}
        initial={EMPTY_TILE}
        submitLabel="Add the tile"
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) => create.mutate(body)}
      />
    </>
  );
}

function EditTile({ tile, onDone }: { tile: StaffHomeTile; onDone: () => void }) {
  const api = useApi();
  const changed = useHomeContentChanged();
  const save = useMutation({
    mutationFn: (body: StaffHomeTileFields) => api.call('staffHomeTileSave', { body: { ...body, id: tile.id } }),
    onSuccess: async () => {
      await changed();
      onDone();
    },
  });
  return (
    <HomeTileForm
      initial={draftOfTile(tile)}
      submitLabel="Save the tile"
      pending={save.isPending}
      error={save.error}
      onSubmit={(body) => save.mutate(body)}
      onCancel={onDone}
    />
  );
}

function TilesTable({ tiles, onEdit }: { tiles: readonly StaffHomeTile[]; onEdit: (tile: StaffHomeTile) => void }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Merchandise tiles of the home page">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Every tile, by sort order</caption>
        <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Title
            </th>
            <th scope="col" className="py-2 pr-4">
              Picture
            </th>
            <th scope="col" className="py-2 pr-4">
              Link
            </th>
            <th scope="col" className="py-2 pr-4">
              Sort order
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tiles.map((tile) => (
            <TileRow key={tile.id} tile={tile} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Deleting is asked again in the row, naming the tile, before it is sent. */
function TileRow({ tile, onEdit }: { tile: StaffHomeTile; onEdit: (tile: StaffHomeTile) => void }) {
  const api = useApi();
  const changed = useHomeContentChanged();
  const remove = useMutation({
    mutationFn: () => api.call('staffHomeTileDelete', { body: { id: tile.id } }),
    onSuccess: changed,
  });
  return (
    <tr className="border-b border-black/5 align-top">
      <th scope="row" className="py-2 pr-4 font-normal">
        {tile.title}
      </th>
      <td className="py-2 pr-4">
        <img src={tile.picture.imageUrl} alt={tile.alternateText} className="h-12 rounded" />
      </td>
      <td className="py-2 pr-4">{tile.linkUrl}</td>
      <td className="py-2 pr-4">{tile.sortOrder}</td>
      <td className="py-2">
        <RowEditDelete
          named={`“${tile.title}”`}
          question="Delete this tile? Visitors stop seeing it."
          onEdit={() => onEdit(tile)}
          remove={remove}
        />
      </td>
    </tr>
  );
}
