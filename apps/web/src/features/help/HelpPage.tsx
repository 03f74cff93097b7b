import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Col, Empty, Input, Row, Table, Typography } from 'antd';
import { PageFrame } from '../../app/components/PageFrame';
import { useLang, useT } from '../../app/useT';
import { errorCodeRows, helpPages, searchCodes, searchPage, type ErrorCodeRow } from './helpContent';
import type { Block, Inline } from './markdown';

const CODES_ID = 'error-codes';
const anchorOf = (id: string) => `help-${id}`;

/** `text` with every word of the query marked. */
function highlight(text: string, query: string): ReactNode {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return text;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'gi'));
  return parts.map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>));
}

function InlineText({ inlines, query }: { inlines: Inline[]; query: string }) {
  return inlines.map((inline, i) => {
    switch (inline.kind) {
      case 'text':
        return <Fragment key={i}>{highlight(inline.text, query)}</Fragment>;
      case 'code':
        return (
          <Typography.Text key={i} code>
            {highlight(inline.text, query)}
          </Typography.Text>
        );
      case 'bold':
        return <strong key={i}>{highlight(inline.text, query)}</strong>;
      case 'link':
        return inline.href.startsWith('/') ? (
          <Link key={i} to={inline.href}>
            {inline.text}
          </Link>
        ) : (
          <a key={i} href={inline.href} target="_blank" rel="noreferrer">
            {inline.text}
          </a>
        );
    }
  });
}

function BlockView({ block, query }: { block: Block; query: string }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography.Title level={block.level === 1 ? 4 : 5} style={{ marginTop: 20 }}>
          {highlight(block.text, query)}
        </Typography.Title>
      );
    case 'paragraph':
      return (
        <Typography.Paragraph>
          <InlineText inlines={block.inlines} query={query} />
        </Typography.Paragraph>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i} style={{ marginBottom: 4 }}>
          <InlineText inlines={item} query={query} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      return (
        <pre style={{ background: '#f5f5f5', padding: 12, borderRadius: 6, overflowX: 'auto' }}>
          <code>{block.text}</code>
        </pre>
      );
  }
}

/**
 * /help (docs/requirements/data-views.md §6): getting started, installing the gateway next to a PLC
 * and every error code with its meaning, in the user's language, with a contents sidebar; the search
 * keeps the parts and codes that match its words (or codes that start with its number).
 */
export default function HelpPage() {
  const { t } = useT('help');
  const lang = useLang();
  const [query, setQuery] = useState('');
  const pages = helpPages(lang);
  const codes = useMemo(() => errorCodeRows(lang), [lang]);
  const shownCodes = useMemo(() => searchCodes(codes, query), [codes, query]);
  const shownPages = pages
    .map((page) => ({ page, blocks: searchPage(page, query) }))
    .filter(({ blocks }) => !query.trim() || blocks.length > 0);
  const nothing = !!query.trim() && !shownPages.length && !shownCodes.length;

  const sections = [
    ...shownPages.map(({ page }) => ({
      key: page.id,
      href: `#${anchorOf(page.id)}`,
      // long titles wrap instead of being cut short
      title: <span style={{ whiteSpace: 'normal' }}>{page.title}</span>,
    })),
    ...(shownCodes.length
      ? [{ key: CODES_ID, href: `#${anchorOf(CODES_ID)}`, title: t('codes.title') }]
      : []),
  ];

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Input.Search
          allowClear
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('search')}
          style={{ width: 360 }}
          data-testid="help-search"
        />
      }
    >
      <Row gutter={24} wrap={false}>
        <Col flex="220px" data-testid="help-sidebar">
          <Typography.Text type="secondary">{t('sections')}</Typography.Text>
          <Anchor affix offsetTop={80} items={sections} style={{ marginTop: 8 }} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0, maxWidth: 920 }}>
          {query.trim() && !nothing && (
            <Typography.Paragraph type="secondary">
              {t('results', { query: query.trim() })}
            </Typography.Paragraph>
          )}
          {nothing && (
            <Empty description={t('no-result', { query: query.trim() })} data-testid="help-empty" />
          )}
          {shownPages.map(({ page, blocks }) => (
            <section key={page.id} id={anchorOf(page.id)} data-testid={`help-section-${page.id}`}>
              <Typography.Title level={3}>{page.title}</Typography.Title>
              {blocks.map((block, i) => (
                <BlockView key={i} block={block} query={query} />
              ))}
            </section>
          ))}
          {shownCodes.length > 0 && (
            <section id={anchorOf(CODES_ID)} data-testid="help-section-codes">
              <Typography.Title level={3}>{t('codes.title')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('codes.intro')}</Typography.Paragraph>
              <Table<ErrorCodeRow>
                rowKey="code"
                size="small"
                dataSource={shownCodes}
                pagination={{
                  pageSize: 20,
                  showSizeChanger: false,
                  showTotal: (n) => t('codes.count', { count: n }),
                }}
                data-testid="help-codes"
                columns={[
                  {
                    title: t('codes.code'),
                    dataIndex: 'code',
                    width: 100,
                    render: (code: number) => highlight(String(code), query),
                  },
                  {
                    title: t('codes.message'),
                    dataIndex: 'message',
                    render: (message: string) => highlight(message, query),
                  },
                ]}
              />
            </section>
          )}
        </Col>
      </Row>
    </PageFrame>
  );
}
