#include "ChatInput.h"

#include <QKeyEvent>
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
