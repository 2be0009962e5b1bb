#include "MessageBody.h"

#include <QAbstractTextDocumentLayout>
#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextTable>
#include <QWheelEvent>

#include <cmath>

namespace engram {

MessageBody::MessageBody(QWidget* parent)
    : QTextBrowser(parent)
{
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setOpenExternalLinks(true);
    setTextInteractionFlags(Qt::TextBrowserInteraction);
    setContextMenuPolicy(Qt::DefaultContextMenu);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setFocusPolicy(Qt::ClickFocus);
    // The message frame draws the background; the text sits on it.
    setAutoFillBackground(false);
    viewport()->setAutoFillBackground(false);
    document()->setDocumentMargin(0);
}

void MessageBody::showMarkdown(const QString& markdown)
{
    m_markdown = true;
    // Parsed and styled in a document no view lays out yet, then swapped in: one layout pass
    // instead of one for the Markdown and another for the styling. The editor deletes the old
    // document, which is its child.
    auto* doc = new QTextDocument(this);
    doc->setDocumentMargin(0);
    doc->setDefaultFont(font());
    doc->setMarkdown(markdown, QTextDocument::MarkdownDialectGitHub);
    styleBlocks(doc);
    setDocument(doc);
    fitHeight();
}

void MessageBody::showPlainText(const QString& text)
{
    m_markdown = false;
    setPlainText(text);
    fitHeight();
}

// Code in a monospace font on a faint background, tables with thin rules: setMarkdown gives the
// structure, the palette gives the colours, so light and dark themes both read well.
void MessageBody::styleBlocks(QTextDocument* doc)
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    QColor codeBackground = palette().color(QPalette::Text);
    codeBackground.setAlphaF(0.06f);
    QTextCursor cursor(doc);
    cursor.beginEditBlock();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat format = block.blockFormat();
        if (!format.hasProperty(QTextFormat::BlockCodeFence) && !format.nonBreakableLines())
            continue;
        format.setBackground(codeBackground);
        // Long lines wrap rather than run out of the message, which has no horizontal scroll bar.
        format.setNonBreakableLines(false);
        format.setLeftMargin(8);
        format.setRightMargin(8);
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
        cursor.setPosition(block.position() + block.length() - 1, QTextCursor::KeepAnchor);
        QTextCharFormat chars;
        chars.setFont(mono);
        cursor.mergeCharFormat(chars);
    }
    const QList<QTextFrame*> frames = doc->rootFrame()->childFrames();
    for (QTextFrame* frame : frames) {
        if (auto* table = qobject_cast<QTextTable*>(frame)) {
            QTextTableFormat format = table->format();
            format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
            format.setBorder(1);
            format.setBorderBrush(palette().color(QPalette::Mid));
            format.setBorderCollapse(true);
            format.setCellPadding(4);
            format.setCellSpacing(0);
            table->setFormat(format);
        }
    }
    cursor.endEditBlock();
}

void MessageBody::fitHeight()
{
    const int width = viewport()->width();
    if (width <= 0)
        return;
    document()->setTextWidth(width);
    const int wanted = int(std::ceil(document()->size().height())) + 2 * frameWidth();
    if (height() != wanted) {
        setFixedHeight(wanted);
        updateGeometry();
    }
}

QSize MessageBody::sizeHint() const
{
    return {QTextBrowser::sizeHint().width(), height()};
}

QSize MessageBody::minimumSizeHint() const
{
    return {50, height()};
}

void MessageBody::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event);
    fitHeight();
}

void MessageBody::wheelEvent(QWheelEvent* event)
{
    // The body never scrolls; the chat around it does.
    event->ignore();
}

void MessageBody::changeEvent(QEvent* event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_markdown)
        styleBlocks(document());
}

} // namespace engram
