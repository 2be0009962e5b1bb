#include "ChatInput.h"

#include <QKeyEvent>
#include <QLocale>
#include <QMimeData>
#include <QTextBlock>
#include <QTextLayout>

namespace engram {

namespace {
constexpr int kMaxVisibleLines = 8;
}

ChatInput::ChatInput(QWidget* parent)
    : QPlainTextEdit(parent)
{
    setTabChangesFocus(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(this, &QPlainTextEdit::textChanged, this, &ChatInput::updateHeight);
    updateHeight();
}

void ChatInput::keyPressEvent(QKeyEvent* event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && (event->modifiers() & Qt::ShiftModifier)) {
        // A real paragraph break, not the line separator QPlainTextEdit inserts for Shift+Enter.
        textCursor().insertText(QStringLiteral("\n"));
        event->accept();
        return;
    }
    if (enter && !(event->modifiers() & (Qt::AltModifier | Qt::MetaModifier))) {
        event->accept();
        Q_EMIT submitRequested();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

void ChatInput::insertFromMimeData(const QMimeData* source)
{
    if (!source->hasText()) {
        QPlainTextEdit::insertFromMimeData(source);
        return;
    }
    const QTextCursor cursor = textCursor();
    const qsizetype kept = document()->characterCount() - 1 - (cursor.selectionEnd() - cursor.selectionStart());
    const qsizetype room = std::max<qsizetype>(0, kMaxChars - kept);
    QString text = source->text();
    if (text.size() <= room) {
        QPlainTextEdit::insertFromMimeData(source);
        return;
    }
    const qsizetype pasted = text.size();
    qsizetype cut = room;
    if (cut > 0 && text.at(cut - 1).isHighSurrogate())
        --cut;
    text.truncate(cut);
    text.squeeze();
    textCursor().insertText(text);
    ensureCursorVisible();
    const QLocale locale;
    Q_EMIT limitReached(tr("Only the first %1 of the %2 characters pasted were kept: a message holds at most %3.")
                            .arg(locale.toString(cut), locale.toString(pasted), locale.toString(kMaxChars)));
}

int ChatInput::heightForLines(int lines) const
{
    const int frame = 2 * frameWidth();
    const auto margins = contentsMargins();
    const qreal docMargin = document()->documentMargin();
    return int(lines * fontMetrics().lineSpacing() + 2 * docMargin) + frame + margins.top() + margins.bottom();
}

void ChatInput::updateHeight()
{
    int lines = 0;
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next())
        lines += b.layout() && b.layout()->lineCount() > 0 ? b.layout()->lineCount() : 1;
    const int wanted = heightForLines(std::clamp(lines, 2, kMaxVisibleLines));
    if (height() != wanted) {
        setFixedHeight(wanted);
        updateGeometry();
    }
}

QSize ChatInput::sizeHint() const
{
    return {QPlainTextEdit::sizeHint().width(), heightForLines(2)};
}

QSize ChatInput::minimumSizeHint() const
{
    return {QPlainTextEdit::minimumSizeHint().width(), heightForLines(2)};
}

} // namespace engram
