#pragma once

#include <QTextBrowser>

namespace engram {

// The text of one chat message: Markdown (assistant) or plain text (user), selectable, links
// opened in the browser, exactly as tall as its text so the chat view does the scrolling.
class MessageBody final : public QTextBrowser
{
    Q_OBJECT

public:
    explicit MessageBody(QWidget* parent = nullptr);

    void showMarkdown(const QString& markdown);
    void showPlainText(const QString& text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void styleBlocks(QTextDocument* doc);
    void fitHeight();

    bool m_markdown{};
};

} // namespace engram
